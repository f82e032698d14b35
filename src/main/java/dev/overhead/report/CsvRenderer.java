package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Tidy CSV (RFC 4180 quoting, {@code \n} line ends, {@link java.util.Locale#ROOT} numbers in base
 * units): one row per run, and separately one row per comparison. A missing or undefined figure is
 * an empty field.
 */
public final class CsvRenderer {
    private CsvRenderer() {}

    /** The default CSV export is the runs: the raw material for any later analysis. */
    public static String render(StudyResult study) {
        return renderRuns(study);
    }

    public static String renderRuns(StudyResult study) {
        Set<String> params = new LinkedHashSet<>();
        Set<String> metrics = new LinkedHashSet<>();
        for (WorkloadResult w : study.workloads()) {
            params.addAll(w.workload().parameters().keySet());
            w.workload().metrics().forEach(m -> metrics.add(m.name()));
            w.variants()
                    .forEach(v ->
                            v.runs().forEach(r -> metrics.addAll(r.metrics().keySet())));
        }
        List<String> header = new ArrayList<>(List.of("study", "workload", "parameters"));
        params.forEach(p -> header.add("param." + p));
        header.addAll(List.of(
                "variant",
                "index",
                "sequence",
                "round",
                "started",
                "exit_code",
                "signal",
                "timed_out",
                "wall_s",
                "user_s",
                "sys_s",
                "max_rss_kib",
                "max_rss_exact",
                "minor_faults",
                "major_faults",
                "voluntary_cs",
                "involuntary_cs",
                "fs_in_blocks",
                "fs_out_blocks"));
        metrics.forEach(m -> header.add("metric." + m));
        // build and boot columns only where the study has those levels, so other studies' CSV is unchanged
        boolean builds = anyRun(study, r -> r.build() != null);
        boolean boots = anyRun(study, r -> r.boot() != null);
        int at = header.indexOf("round") + 1;
        if (boots) {
            header.add(at, "boot");
        }
        if (builds) {
            header.add(at, "build");
        }
        StringBuilder out = new StringBuilder();
        line(out, header);
        for (WorkloadResult w : study.workloads()) {
            for (VariantResult v : w.variants()) {
                for (Run r : v.runs()) {
                    List<String> f = new ArrayList<>(List.of(
                            study.info().id(),
                            w.name(),
                            Labels.parameters(w.workload().parameters())));
                    params.forEach(p -> f.add(w.workload().parameters().getOrDefault(p, "")));
                    f.addAll(List.of(
                            v.name(),
                            Integer.toString(r.index()),
                            Integer.toString(r.sequence()),
                            Integer.toString(r.round()),
                            r.started() == null ? "" : r.started().toString(),
                            Integer.toString(r.exitCode()),
                            r.signal() == null ? "" : r.signal().toString(),
                            Boolean.toString(r.timedOut()),
                            number(r.wallS()),
                            number(r.userS()),
                            number(r.sysS()),
                            Long.toString(r.maxRssKib()),
                            Boolean.toString(r.maxRssExact()),
                            Long.toString(r.minorFaults()),
                            Long.toString(r.majorFaults()),
                            Long.toString(r.voluntaryCs()),
                            Long.toString(r.involuntaryCs()),
                            Long.toString(r.fsInBlocks()),
                            Long.toString(r.fsOutBlocks())));
                    metrics.forEach(m -> f.add(
                            r.metrics().containsKey(m) ? number(r.metrics().get(m)) : ""));
                    if (boots) {
                        f.add(at, r.boot() == null ? "" : r.boot().toString());
                    }
                    if (builds) {
                        f.add(at, r.build() == null ? "" : r.build().toString());
                    }
                    line(out, f);
                }
            }
        }
        return out.toString();
    }

    private static boolean anyRun(StudyResult study, java.util.function.Predicate<Run> p) {
        return study.workloads().stream()
                .flatMap(w -> w.variants().stream())
                .flatMap(v -> v.runs().stream())
                .anyMatch(p);
    }

    public static String renderComparisons(StudyResult study) {
        StringBuilder out = new StringBuilder();
        line(
                out,
                List.of(
                        "study",
                        "workload",
                        "metric",
                        "better",
                        "unit",
                        "baseline",
                        "candidate",
                        "n_baseline",
                        "n_candidate",
                        "baseline_value",
                        "candidate_value",
                        "change_pct",
                        "ci_low_pct",
                        "ci_high_pct",
                        "p_value",
                        "method",
                        "verdict",
                        "runs_needed",
                        "warnings",
                        // at the end, so that readers of the columns before keep working (docs/cli.md)
                        "design",
                        "units",
                        "units_needed",
                        "variance_between_share"));
        for (ComparisonRow row : study.comparisons()) {
            Comparison c = row.comparison();
            Comparison.Design d = c.design();
            line(
                    out,
                    List.of(
                            study.info().id(),
                            row.workload(),
                            row.metric(),
                            c.better().word(),
                            row.unit() == null ? "" : row.unit(),
                            row.baseline(),
                            row.candidate(),
                            Integer.toString(c.nBaseline()),
                            Integer.toString(c.nCandidate()),
                            number(c.baselineValue()),
                            number(c.candidateValue()),
                            number(c.changePct()),
                            number(c.ciLowPct()),
                            number(c.ciHighPct()),
                            number(c.pValue()),
                            c.method(),
                            c.verdict().word(),
                            // as in the JSON: over builds or boots what would settle it is counted in units
                            c.design() != null || c.runsNeeded() == null
                                    ? ""
                                    : c.runsNeeded().toString(),
                            String.join("; ", c.warnings()),
                            c.designName(),
                            d == null || d.units().get(d.unit()) == null
                                    ? ""
                                    : d.units().get(d.unit()).toString(),
                            d == null || c.runsNeeded() == null
                                    ? ""
                                    : c.runsNeeded().toString(),
                            d == null ? "" : number(d.betweenShare())));
        }
        return out.toString();
    }

    /** Shortest round-trip decimal, independent of the default locale; empty where undefined. */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        double a = Math.abs(v);
        // Plain decimals where they stay short: a spreadsheet shows 0.00085 as typed, 8.5E-4 less kindly.
        return a >= 1e-6 && a < 1e15
                ? new java.math.BigDecimal(Double.toString(v)).toPlainString()
                : Double.toString(v);
    }

    private static void line(StringBuilder out, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(quote(fields.get(i)));
        }
        out.append('\n');
    }

    /** RFC 4180: a field with a comma, quote or line break goes in quotes, inner quotes doubled. */
    static String quote(String field) {
        if (field == null) {
            return "";
        }
        boolean needs = field.chars().anyMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r')
                || !field.equals(field.strip());
        return needs ? '"' + field.replace("\"", "\"\"") + '"' : field;
    }
}

package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.MetricSpec;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.report.Table.Align;
import dev.overhead.report.Table.Column;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the human formats say, formatted once and shared by text, Markdown and HTML so they cannot
 * drift apart: headlines, one table per workload and candidate with its notes, the variants, the
 * exact commands, the environment and the study's warnings.
 */
record Digest(
        List<String> facts,
        List<Headline> headlines,
        List<Section> sections,
        List<String> variantSpecs,
        List<Command> commands,
        List<Map.Entry<String, String>> environment,
        List<String> warnings,
        String legend) {

    /** One figure of a headline: {@code wall +31.0% [+29.8, +32.2] worse}. */
    record Figure(String metric, String change, String interval, Verdict verdict) {
        String text() {
            return metric + " " + change + " " + interval + " " + verdict.word();
        }
    }

    record HeadlineItem(String workload, List<Figure> figures) {}

    /** Everything said about one candidate against its baseline, workload by workload. */
    record Headline(String candidate, String baseline, List<HeadlineItem> items) {}

    /** One comparison table; {@code verdicts} has one entry per row; each note begins with the metrics it concerns. */
    record Block(String candidate, String baseline, Table table, List<Verdict> verdicts, List<String> notes) {}

    record Section(String workload, String command, String parameters, String runs, List<Block> blocks) {}

    record Command(String workload, String variant, String line) {}

    static final int VERDICT_COLUMN = 6;

    static Digest of(StudyResult study, RenderOptions options) {
        Numbers num = Numbers.of(options);
        Glyphs g = num.glyphs();
        StudyFacts sf = StudyFacts.of(study);
        List<String> facts = new ArrayList<>();
        String label = study.info().label() == null || study.info().label().isBlank()
                ? study.info().id()
                : study.info().label();
        facts.add(g.text("study " + label
                + (label.equals(study.info().id()) ? "" : " (id " + study.info().id() + ")")
                + (sf.created().isEmpty() ? "" : ", " + sf.created())));
        facts.add("confidence " + num.plainPct(sf.confidence() * 100) + ", threshold " + g.pm()
                + num.plainPct(sf.thresholdPct()) + ", primary metric " + g.text(sf.primary()));
        if (!sf.options().isEmpty()) {
            facts.add(g.text("options: " + sf.options()));
        }
        if (study.environment().get(ReportKeys.MACHINE_DIFFERENCES) instanceof List<?> differences) {
            differences.forEach(d -> facts.add(g.text(String.valueOf(d))));
        }

        List<Headline> headlines = new ArrayList<>();
        for (String candidate : candidates(study)) {
            List<HeadlineItem> items = new ArrayList<>();
            String baseline = null;
            for (WorkloadResult w : study.workloads()) {
                List<ComparisonRow> rows = rows(study, w.name(), candidate);
                if (rows.isEmpty()) {
                    continue;
                }
                baseline = rows.getFirst().baseline();
                items.add(new HeadlineItem(
                        g.text(Labels.workload(w.workload())),
                        headlineRows(rows, sf.primary()).stream()
                                .map(r -> figure(r, num))
                                .toList()));
            }
            List<ComparisonRow> overall = study.comparisons().stream()
                    .filter(r -> r.overall() && r.candidate().equals(candidate))
                    .filter(r -> r.metric().equals(sf.primary()))
                    .toList();
            if (!overall.isEmpty()) {
                items.add(new HeadlineItem(
                        g.text("all workloads (geometric mean)"),
                        overall.stream().map(r -> figure(r, num)).toList()));
            }
            if (baseline != null) {
                headlines.add(new Headline(g.text(candidate), g.text(baseline), items));
            }
        }

        List<Section> sections = new ArrayList<>();
        List<Command> commands = new ArrayList<>();
        for (WorkloadResult w : study.workloads()) {
            List<Block> blocks = new ArrayList<>();
            for (String candidate : candidates(study)) {
                List<ComparisonRow> rows = rows(study, w.name(), candidate);
                if (!rows.isEmpty()) {
                    blocks.add(block(w, rows, num));
                }
            }
            String runs = String.join(
                    ", ",
                    w.variants().stream()
                            .map(v -> g.text(v.name()) + " " + v.runs().size())
                            .toList());
            sections.add(new Section(
                    g.text(Labels.workload(w.workload())),
                    g.text(Labels.argv(w.workload().command())),
                    g.text(Labels.parameters(w.workload().parameters())),
                    runs,
                    blocks));
            for (VariantResult v : w.variants()) {
                String line = Labels.commandLine(w.workload(), v.variant());
                if (!line.isBlank()) { // results read from another tool may not say what ran
                    commands.add(new Command(g.text(Labels.workload(w.workload())), g.text(v.name()), g.text(line)));
                }
            }
        }
        List<String> specs = commands.isEmpty()
                ? List.of()
                : study.workloads().stream()
                        .flatMap(w -> w.variants().stream())
                        .map(VariantResult::variant)
                        .map(Labels::variantSpec)
                        .distinct()
                        .map(g::text)
                        .toList();
        List<Map.Entry<String, String>> env = EnvironmentSummary.of(study.environment()).stream()
                .map(e -> Map.entry(g.text(e.getKey()), g.text(e.getValue())))
                .toList();
        List<String> methods = study.comparisons().stream()
                .map(r -> r.comparison().method())
                .distinct()
                .toList();
        String legend = g.pm() + " is the relative standard deviation of the runs. Change: the candidate"
                + " against the baseline, with its " + num.plainPct(sf.confidence() * 100) + " confidence interval"
                + (methods.isEmpty() ? "" : " (" + g.text(String.join(", ", methods)) + ")")
                + "; equivalent means the whole interval lies within " + g.pm() + num.plainPct(sf.thresholdPct())
                + ".";
        return new Digest(
                facts,
                headlines,
                sections,
                specs,
                commands,
                env,
                study.warnings().stream().map(g::text).toList(),
                legend);
    }

    /** Variants compared with a baseline somewhere, in the order they were declared. */
    static List<String> candidates(StudyResult study) {
        Set<String> seen = new LinkedHashSet<>();
        study.variantNames().stream()
                .filter(v ->
                        study.comparisons().stream().anyMatch(r -> r.candidate().equals(v)))
                .forEach(seen::add);
        study.comparisons().forEach(r -> seen.add(r.candidate()));
        return List.copyOf(seen);
    }

    static List<ComparisonRow> rows(StudyResult study, String workload, String candidate) {
        return study.comparisons().stream()
                .filter(r -> !r.overall()
                        && r.workload().equals(workload)
                        && r.candidate().equals(candidate))
                .toList();
    }

    /**
     * The primary metric (or, where the workload has none such, as in another tool's results, its
     * first metric), then the two largest decisive changes among the others.
     */
    private static List<ComparisonRow> headlineRows(List<ComparisonRow> rows, String requested) {
        String primary = rows.stream().anyMatch(r -> r.metric().equals(requested))
                ? requested
                : rows.getFirst().metric();
        List<ComparisonRow> out = new ArrayList<>(
                rows.stream().filter(r -> r.metric().equals(primary)).toList());
        rows.stream()
                .filter(r -> !r.metric().equals(primary))
                .filter(r -> r.comparison().verdict() == Verdict.WORSE
                        || r.comparison().verdict() == Verdict.BETTER)
                .sorted(Comparator.comparingDouble(
                        (ComparisonRow r) -> -Math.abs(r.comparison().changePct())))
                .limit(2)
                .forEach(out::add);
        return out;
    }

    private static Figure figure(ComparisonRow r, Numbers num) {
        Comparison c = r.comparison();
        return new Figure(
                num.glyphs().text(Labels.metric(r.metric())),
                num.pct(c.changePct()),
                num.interval(c.ciLowPct(), c.ciHighPct()),
                c.verdict());
    }

    private static Block block(WorkloadResult w, List<ComparisonRow> rows, Numbers num) {
        Glyphs g = num.glyphs();
        String baseline = rows.getFirst().baseline();
        String candidate = rows.getFirst().candidate();
        Map<String, List<String>> noted = new java.util.LinkedHashMap<>();
        List<List<String>> cells = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        for (ComparisonRow r : rows) {
            Comparison c = r.comparison();
            Scale scale = Scale.of(r.unit(), c.baselineValue(), g);
            List<String> rowNotes = new ArrayList<>(c.warnings());
            if (c.verdict() == Verdict.INCONCLUSIVE) {
                rowNotes.add(
                        c.runsNeeded() == null
                                ? "inconclusive: the noise is too large for the runs taken."
                                : "inconclusive: about " + c.runsNeeded()
                                        + " runs per variant would likely settle it.");
            }
            // Notes name the metrics they concern instead of marking cells, which keeps the table narrow.
            for (String note : rowNotes) {
                noted.computeIfAbsent(g.text(note), k -> new ArrayList<>()).add(g.text(Labels.metric(r.metric())));
            }
            cells.add(List.of(
                    g.text(Labels.metric(r.metric())),
                    g.text(scale.label()),
                    valueCell(c.baselineValue(), spread(w, r.metric(), baseline), scale, num),
                    valueCell(c.candidateValue(), spread(w, r.metric(), candidate), scale, num),
                    num.pct(c.changePct()),
                    num.interval(c.ciLowPct(), c.ciHighPct()),
                    c.verdict().word()));
            verdicts.add(c.verdict());
        }
        Table table = new Table(
                List.of(
                        new Column("metric", Align.LEFT),
                        new Column("unit", Align.LEFT),
                        new Column(g.text(baseline), Align.RIGHT),
                        new Column(g.text(candidate), Align.RIGHT),
                        new Column("change", Align.RIGHT),
                        new Column("interval", Align.RIGHT),
                        new Column("verdict", Align.LEFT)),
                cells);
        List<String> notes = new ArrayList<>();
        noted.forEach((note, metrics) -> notes.add(String.join(", ", metrics) + ": " + note));
        return new Block(g.text(candidate), g.text(baseline), table, verdicts, notes);
    }

    private static String valueCell(double value, Optional<Double> spreadPct, Scale scale, Numbers num) {
        String v = num.value(value * scale.factor());
        return spreadPct.map(s -> v + " " + num.glyphs().pm() + num.plainPct(s)).orElse(v);
    }

    /** Relative standard deviation of the variant's runs, in percent; empty with fewer than two runs. */
    static Optional<Double> spread(WorkloadResult w, String metric, String variant) {
        Optional<MetricSpec> spec = Labels.spec(w, metric);
        Optional<VariantResult> runs = w.variant(variant);
        if (spec.isEmpty() || runs.isEmpty()) {
            return Optional.empty();
        }
        double[] values = runs.get().values(spec.get());
        if (values.length < 2) {
            return Optional.empty();
        }
        double mean = java.util.Arrays.stream(values).average().orElse(0);
        double ss = java.util.Arrays.stream(values)
                .map(x -> (x - mean) * (x - mean))
                .sum();
        return mean == 0 ? Optional.empty() : Optional.of(Math.sqrt(ss / (values.length - 1)) / Math.abs(mean) * 100);
    }
}

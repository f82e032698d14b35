package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Verdict;
import dev.overhead.verdicts.Gate;
import dev.overhead.verdicts.PooledSubmission;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * JUnit XML ({@code --format junit}, {@code --export-junit FILE}) as Jenkins, GitLab and GitHub's test reporters
 * read it (the surefire layout: {@code testsuites > testsuite > testcase > failure}; checked against
 * {@code src/test/resources/junit/jenkins-junit.xsd}): one test case per workload × candidate × metric shown,
 * failed where a {@code --fail-if-worse} gate trips on it, or, without gates, where its verdict is {@code worse}.
 * A regression then shows as a failed test, named so that a reader finds it in the report.
 */
public final class JUnitReport {
    private JUnitReport() {}

    private record Case(String classname, String name, String failure, String detail) {}

    /** A study: the metrics its reports show ({@code --metrics}, else the primary and the decisive ones). */
    public static String study(StudyResult study, RenderOptions options, List<Gate> gates) {
        RenderOptions human = options == null ? RenderOptions.DEFAULT : options;
        Shown shown = new Shown(study, human, StudyFacts.of(study));
        List<Case> cases = new ArrayList<>();
        for (WorkloadResult w : study.workloads()) {
            String primary = shown.primary(w);
            for (String metric : shown.metrics(w)) {
                for (ComparisonRow row : study.comparisons()) {
                    if (row.overall()
                            || !row.workload().equals(w.name())
                            || !row.metric().equals(metric)) {
                        continue;
                    }
                    Comparison c = row.comparison();
                    cases.add(testCase(
                            row.workload(),
                            row.candidate(),
                            row.baseline(),
                            metric,
                            c.changePct(),
                            c.ciLowPct(),
                            c.ciHighPct(),
                            c.verdict(),
                            failed(gates, metric, primary, c)));
                }
            }
        }
        String name = study.info().label() != null && !study.info().label().isBlank()
                ? study.info().label()
                : study.info().id();
        return document(
                "overhead " + name,
                study.info().created() == null ? null : study.info().created().toString(),
                cases);
    }

    /** A submission: one test case per workload and candidate, on the pooled interval of the primary metric. */
    public static String submission(PooledSubmission s, List<Gate> gates) {
        List<Case> cases = new ArrayList<>();
        for (PooledSubmission.PooledRow r : s.pooled()) {
            var p = r.pooled();
            String failure = null;
            if (gates.isEmpty()) {
                failure = p.verdict() == Verdict.WORSE ? "worse" : null;
            } else {
                for (Gate g : gates) {
                    if (g.covers(r.metric(), s.primary())
                            && g.trips(p.ciLowPct(), p.ciHighPct(), r.any().better())) {
                        failure = String.format(Locale.ROOT, "worse by more than %.1f%% (--fail-if-worse)", g.pct());
                        break;
                    }
                }
            }
            cases.add(testCase(
                    r.workload(),
                    r.candidate(),
                    r.baseline(),
                    r.metric() + " pooled over " + p.machines() + " machines",
                    p.changePct(),
                    p.ciLowPct(),
                    p.ciHighPct(),
                    p.verdict(),
                    failure));
        }
        return document("overhead submission " + s.submission(), null, cases);
    }

    /** Null where it passes, else why it failed. */
    private static String failed(List<Gate> gates, String metric, String primary, Comparison c) {
        if (gates.isEmpty()) {
            return c.verdict() == Verdict.WORSE ? "worse" : null;
        }
        for (Gate g : gates) {
            if (g.covers(metric, primary) && g.trips(c)) {
                return String.format(Locale.ROOT, "worse by more than %.1f%% (--fail-if-worse)", g.pct());
            }
        }
        return null;
    }

    private static Case testCase(
            String workload,
            String candidate,
            String baseline,
            String metric,
            double change,
            double low,
            double high,
            Verdict verdict,
            String failure) {
        String detail = String.format(
                Locale.ROOT,
                "%s vs %s on %s, %s: change %s, interval %s, verdict %s",
                candidate,
                baseline,
                workload,
                metric,
                Double.isFinite(change) ? String.format(Locale.ROOT, "%+.2f%%", change) : "n/a",
                Double.isFinite(low) && Double.isFinite(high)
                        ? String.format(Locale.ROOT, "[%+.2f%%, %+.2f%%]", low, high)
                        : "n/a",
                verdict.word());
        return new Case("overhead." + workload, candidate + " vs " + baseline + ": " + metric, failure, detail);
    }

    private static String document(String suite, String timestamp, List<Case> cases) {
        long failures = cases.stream().filter(c -> c.failure() != null).count();
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.append("<testsuites name=\"overhead\" tests=\"")
                .append(cases.size())
                .append("\" failures=\"")
                .append(failures)
                .append("\" errors=\"0\" time=\"0\">\n");
        out.append("  <testsuite name=\"")
                .append(attr(suite))
                .append("\" tests=\"")
                .append(cases.size())
                .append("\" failures=\"")
                .append(failures)
                .append("\" errors=\"0\" skipped=\"0\" time=\"0\"");
        if (timestamp != null) {
            out.append(" timestamp=\"")
                    .append(attr(timestamp.replaceAll("\\.\\d+Z$", "").replace("Z", "")))
                    .append('"');
        }
        out.append(">\n");
        for (Case c : cases) {
            out.append("    <testcase classname=\"")
                    .append(attr(c.classname()))
                    .append("\" name=\"")
                    .append(attr(c.name()))
                    .append("\" time=\"0\"");
            if (c.failure() == null) {
                out.append(">\n      <system-out>").append(text(c.detail())).append("</system-out>\n    </testcase>\n");
            } else {
                out.append(">\n      <failure message=\"")
                        .append(attr(c.failure()))
                        .append("\" type=\"overhead.worse\">")
                        .append(text(c.detail()))
                        .append("</failure>\n    </testcase>\n");
            }
        }
        out.append("  </testsuite>\n</testsuites>\n");
        return out.toString();
    }

    private static String text(String s) {
        return clean(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String attr(String s) {
        return text(s).replace("\"", "&quot;").replace("\n", "&#10;");
    }

    /** XML 1.0 has no place for most control characters: they become U+FFFD. */
    private static String clean(String s) {
        StringBuilder out = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            boolean ok = cp == 0x9
                    || cp == 0xA
                    || cp == 0xD
                    || (cp >= 0x20 && cp <= 0xD7FF)
                    || (cp >= 0xE000 && cp <= 0xFFFD)
                    || cp >= 0x10000;
            out.appendCodePoint(ok ? cp : 0xFFFD);
        });
        return out.toString();
    }
}

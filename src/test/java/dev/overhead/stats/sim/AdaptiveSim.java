package dev.overhead.stats.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.LookSchedule;
import dev.overhead.model.Metrics;
import dev.overhead.model.Run;
import dev.overhead.model.Stop;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.report.JsonRenderer;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Sample;
import dev.overhead.stats.Verdict;
import dev.overhead.verdicts.Judge;
import dev.overhead.verdicts.StoppingRule;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Issue 28.3 and 28.5 (docs/statistics.md §3b and §4c; a benchmark, not a test), through the code
 * {@code run} and the reports use: the run loop's stopping rule ({@link StoppingRule}, which
 * {@code run.WorkloadLoop} follows round by round), its comparisons ({@link Judge#compare}, with
 * the rounds, so runs pair from 6 rounds as in a real study), the analysis ({@link Judge#analyse})
 * and the JSON report's {@code summary}.
 *
 * <ul>
 *   <li>{@code estimate}: one workload, one candidate, lognormal noise, a true change; adaptive
 *       studies as {@code run} makes them by default before (no precision: stop at the first look
 *       where the verdict is settled) and now (the default precision, ±threshold): the median and
 *       mean of the change reported, the coverage of the interval, A/A false verdicts, runs.
 *   <li>{@code summary}: five workloads, A/A, wall time: how often the summary shows some row
 *       {@code worse} or {@code better}, each row's own verdict (before) against the summary's
 *       family verdicts (now), fixed n and adaptive.
 * </ul>
 */
final class AdaptiveSim {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AdaptiveSim() {}

    /** Adaptive settings as {@code run} makes them, with this precision (null: none). */
    static StudySettings adaptive(Double precision) {
        return StudySettings.DEFAULTS.toBuilder()
                .stopping(
                        precision == null
                                ? new Stopping.Adaptive(
                                        StudySettings.MIN_RUNS, StudySettings.MAX_RUNS, LookSchedule.DOUBLING, null)
                                : StudySettings.adaptiveByDefault(
                                        StudySettings.MIN_RUNS, StudySettings.MAX_RUNS, precision))
                .build();
    }

    static StudySettings fixed(int n) {
        return StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Fixed(n))
                .build();
    }

    record Outcome(Comparison comparison, Stop.Reason reason, int runs) {}

    /**
     * One workload's rounds as the run loop takes them: a baseline and a candidate run per round,
     * then the stopping rule; the comparison the report gives at the stop.
     */
    static Outcome workload(StudySettings settings, double sigma, double logShift, UniformRandomProvider rng) {
        StoppingRule rule = StoppingRule.of(settings);
        Judge judge = Judge.of(settings);
        int max = settings.plannedMax();
        double[] b = new double[max];
        double[] c = new double[max];
        int[] rounds = new int[max];
        for (int i = 0; i < max; i++) {
            b[i] = lognormal(sigma, rng);
            c[i] = lognormal(sigma, rng) * Math.exp(logShift);
            rounds[i] = i;
            int n = i + 1;
            Comparison[] now = new Comparison[1];
            Stop.Reason why = rule.decide(n, false, () -> {
                now[0] = compare(judge, b, c, rounds, n);
                return List.of(now[0]);
            });
            if (why != null) {
                return new Outcome(now[0] != null ? now[0] : compare(judge, b, c, rounds, n), why, n);
            }
        }
        throw new AssertionError("the rule must stop at its maximum");
    }

    private static Comparison compare(Judge judge, double[] b, double[] c, int[] rounds, int n) {
        return judge.compare(
                new Sample(Arrays.copyOf(b, n), Arrays.copyOf(rounds, n)),
                new Sample(Arrays.copyOf(c, n), Arrays.copyOf(rounds, n)),
                Metrics.builtin("wall").orElseThrow().spec().quantity(),
                StudySettings.DEFAULTS.compare());
    }

    static double lognormal(double sigma, UniformRandomProvider rng) {
        return Math.exp(sigma
                * org.apache.commons.rng.sampling.distribution.ZigguratSampler.NormalizedGaussian.of(rng)
                        .sample());
    }

    static void estimate(int studies, long seed, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "%d studies per row, seed %d, confidence 0.95, threshold 1%%, adaptive %d..%d runs (looks at 5, 10,"
                        + " 20, 40, 50), runs paired by round%n%n",
                studies,
                seed,
                StudySettings.MIN_RUNS,
                StudySettings.MAX_RUNS);
        out.println("| noise | true change | precision | median change | mean change | coverage"
                + " | worse (A/B) or worse+better (A/A) | mean runs | stopped: settled, max-runs |");
        out.println("|---|---:|---|---:|---:|---:|---:|---:|---:|");
        double[][] cells = {
            {0.05, 0.03},
            {0.05, 0.05},
            {0.05, 0.10},
            {0.05, 0},
            {0.03, 0.03},
            {0.01, 0.03},
            {0.01, 0.01},
            {0.01, 0},
            {0.01, 1.0}
        };
        for (double[] cell : cells) {
            for (Double precision : new Double[] {null, StudySettings.defaultPrecision(1.0)}) {
                UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
                double truth = cell[1] * 100;
                double[] changes = new double[studies];
                int covered = 0;
                int decisive = 0;
                int settled = 0;
                int atMax = 0;
                long runs = 0;
                for (int s = 0; s < studies; s++) {
                    Outcome o = workload(adaptive(precision), cell[0], Math.log1p(cell[1]), rng);
                    Comparison c = o.comparison();
                    changes[s] = c.changePct();
                    covered += c.ciLowPct() <= truth && truth <= c.ciHighPct() ? 1 : 0;
                    Verdict v = c.verdict();
                    decisive += cell[1] == 0
                            ? (v == Verdict.WORSE || v == Verdict.BETTER ? 1 : 0)
                            : (v == Verdict.WORSE ? 1 : 0);
                    settled += o.reason() == Stop.Reason.SETTLED ? 1 : 0;
                    atMax += o.reason() == Stop.Reason.MAX_RUNS ? 1 : 0;
                    runs += o.runs();
                }
                double[] sorted = changes.clone();
                Arrays.sort(sorted);
                double median = (sorted[(studies - 1) / 2] + sorted[studies / 2]) / 2;
                out.printf(
                        Locale.ROOT,
                        "| lognormal %.0f%% | %+.0f%% | %s | %+.2f%% | %+.2f%% | %.1f%% | %.1f%% | %.1f | %.1f%%, %.1f%% |%n",
                        cell[0] * 100,
                        truth,
                        precision == null ? "none (before)" : "default now",
                        median,
                        Arrays.stream(changes).average().orElse(Double.NaN),
                        100.0 * covered / studies,
                        100.0 * decisive / studies,
                        (double) runs / studies,
                        100.0 * settled / studies,
                        100.0 * atMax / studies);
            }
        }
    }

    static void summary(int studies, long seed, PrintStream out) {
        int workloads = 5;
        double sigma = 0.03;
        out.printf(
                Locale.ROOT,
                "%d A/A studies per row, seed %d, %d workloads, lognormal %.0f%% noise, wall time, confidence 0.95,"
                        + " threshold 1%%; \"any row decisive\": some row of the summary (the %d workloads' rows and"
                        + " the geometric mean) reads worse or better%n%n",
                studies,
                seed,
                workloads,
                sigma * 100,
                workloads);
        out.println("| runs | any row decisive: each row's own verdict (before) | any row decisive: the summary"
                + " as one family (now) | mean runs |");
        out.println("|---|---:|---:|---:|");
        List<StudySettings> designs =
                List.of(fixed(5), fixed(10), fixed(30), adaptive(null), adaptive(StudySettings.defaultPrecision(1.0)));
        List<String> names = List.of("5", "10", "30", "adaptive, no precision", "adaptive, default precision");
        for (int d = 0; d < designs.size(); d++) {
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed + d);
            int before = 0;
            int now = 0;
            long runs = 0;
            for (int s = 0; s < studies; s++) {
                StudyResult study = study(designs.get(d), workloads, sigma, rng);
                runs += study.workloads().stream()
                        .mapToInt(w -> w.variants().getFirst().runs().size())
                        .sum();
                StudyResult analysed = Judge.of(designs.get(d))
                        .analyse(study, "a", designs.get(d).compare());
                boolean any = analysed.comparisons().stream()
                        .filter(r -> r.metric().equals("wall"))
                        .anyMatch(r -> r.comparison().verdict() == Verdict.WORSE
                                || r.comparison().verdict() == Verdict.BETTER);
                before += any ? 1 : 0;
                now += summaryDecisive(analysed) ? 1 : 0;
            }
            out.printf(
                    Locale.ROOT,
                    "| %s | %.1f%% | %.1f%% | %.1f |%n",
                    names.get(d),
                    100.0 * before / studies,
                    100.0 * now / studies,
                    (double) runs / studies / workloads);
        }
    }

    /** Whether the JSON report's {@code summary} shows some row worse or better. */
    static boolean summaryDecisive(StudyResult analysed) {
        try {
            JsonNode root = JSON.readTree(JsonRenderer.render(analysed, "sim"));
            for (JsonNode row : root.path("summary")) {
                String v = row.path("verdict").asText();
                if (v.equals("worse") || v.equals("better")) {
                    return true;
                }
            }
            return false;
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An A/A study of several workloads, each run until the stopping rule ends it, as a StudyResult. */
    static StudyResult study(StudySettings settings, int workloads, double sigma, UniformRandomProvider rng) {
        List<WorkloadResult> results = new ArrayList<>();
        StoppingRule rule = StoppingRule.of(settings);
        Judge judge = Judge.of(settings);
        for (int w = 0; w < workloads; w++) {
            int max = settings.plannedMax();
            double[] b = new double[max];
            double[] c = new double[max];
            int[] rounds = new int[max];
            int n = 0;
            for (int i = 0; i < max; i++) {
                b[i] = lognormal(sigma, rng);
                c[i] = lognormal(sigma, rng);
                rounds[i] = i;
                n = i + 1;
                int k = n;
                if (rule.decide(n, false, () -> List.of(compare(judge, b, c, rounds, k))) != null) {
                    break;
                }
            }
            Workload workload = new Workload("w" + w, List.of("w" + w), false, Map.of(), List.of(), List.of());
            results.add(new WorkloadResult(
                    workload,
                    List.of(
                            new VariantResult(Variant.plain("a"), runs(b, n)),
                            new VariantResult(Variant.plain("b"), runs(c, n)))));
        }
        return new StudyResult(
                new StudyInfo("sim", "sim", Instant.EPOCH, settings),
                Map.of(),
                results,
                List.of(),
                List.of(),
                List.of());
    }

    private static List<Run> runs(double[] wall, int n) {
        List<Run> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new Run(
                    i,
                    i,
                    i,
                    Instant.EPOCH,
                    0,
                    null,
                    false,
                    wall[i],
                    0,
                    0,
                    0,
                    true,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    Map.of(),
                    null,
                    null));
        }
        return out;
    }
}

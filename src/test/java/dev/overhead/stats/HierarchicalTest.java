package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The interval over units (builds, boots), pinned to scipy 1.10.1 (the command beside the values). */
class HierarchicalTest {
    static final List<double[]> B =
            List.of(new double[] {1.00, 1.02, 0.99}, new double[] {1.05, 1.06, 1.04}, new double[] {0.97, 0.98, 0.96});
    static final List<double[]> C =
            List.of(new double[] {1.08, 1.09, 1.07}, new double[] {1.03, 1.05, 1.04}, new double[] {1.10, 1.12, 1.11});
    static final CompareOptions OPTIONS = new CompareOptions(0.95, 1.0);
    static final Quantity TIME = Quantity.measurement(Direction.LOWER);

    static Sample flat(List<double[]> units) {
        return Sample.of(units.stream().flatMapToDouble(Arrays::stream).toArray());
    }

    static Comparison builds(List<double[]> b, List<double[]> c) {
        return Hierarchical.compare(b, c, runs(b, c, TIME), TIME, OPTIONS, "builds", Map.of("build", b.size()));
    }

    static Comparison runs(List<double[]> b, List<double[]> c, Quantity q) {
        return Comparisons.compare(flat(b), flat(c), q, OPTIONS, Looks.FIXED);
    }

    @Test
    void welchOverPerUnitMeanLogsMatchesScipy() {
        Comparison c = builds(B, C);
        // /usr/bin/python3: import numpy as np; from scipy import stats
        //   mb = [np.mean(np.log(u)) for u in B]; mc = [np.mean(np.log(u)) for u in C]
        //   Welch by hand (vb = var(mb, ddof=1)/3, ..., df Welch-Satterthwaite, stats.t.ppf(0.975, df)),
        //   np.expm1(...)*100 -> 6.856121686536644 -1.730804886508959 16.193388260695716
        //   stats.ttest_ind(mc, mb, equal_var=False).pvalue -> 0.09207300760274867
        assertThat(c.changePct()).isCloseTo(6.856121686536644, within(1e-9));
        assertThat(c.ciLowPct()).isCloseTo(-1.730804886508959, within(1e-8));
        assertThat(c.ciHighPct()).isCloseTo(16.193388260695716, within(1e-8));
        assertThat(c.pValue()).isCloseTo(0.09207300760274867, within(1e-9));
        assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.method())
                .isEqualTo("ratio of geometric means, welch-t on per-build mean log values over 3+3 builds");
        assertThat(c.nBaseline()).isEqualTo(9).as("runs, not units");
        assertThat(c.designName()).isEqualTo("builds");
        assertThat(c.design().units()).containsEntry("build", 3);
        assertThat(c.runsNeeded()).as("builds needed").isNotNull().isGreaterThan(3);
    }

    @Test
    void theNaiveRunLevelIntervalWouldHaveCalledItWorse() {
        // the same runs as if they were independent: Welch on the 9+9 log values -> +3.39% ... +10.44%
        Comparison naive = Comparisons.compare(flat(B), flat(C), TIME, OPTIONS, Looks.FIXED);
        assertThat(naive.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(builds(B, C).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void betweenUnitShareIsTheRandomEffectsEstimate() {
        // one-way random effects, method of moments, pooled over both variants on log values:
        // sigma2_u = (MSB - MSW)/n0, share = sigma2_u/(sigma2_u + MSW) -> 0.9183303712058392
        // (numpy transcription of the ANOVA table; balanced, so n0 = 3 and MSB, MSW are aov()'s)
        assertThat(Hierarchical.betweenShare(B, C, true)).isCloseTo(0.9183303712058392, within(1e-9));
        assertThat(builds(B, C).design().betweenShare()).isCloseTo(0.9183303712058392, within(1e-9));
        assertThat(builds(B, C).warnings())
                .contains("variance between builds 92%, within builds 8%: the interval is over builds");
    }

    @Test
    void noVariationBetweenUnitsGivesAShareOfZero() {
        List<double[]> same = List.of(new double[] {1.0, 1.1}, new double[] {1.1, 1.0});
        assertThat(Hierarchical.betweenShare(same, same, true)).isZero();
    }

    @Test
    void oneUnitPerVariantReportsTheRunIntervalAndWarns() {
        List<double[]> b = List.of(B.getFirst());
        List<double[]> c = List.of(C.getFirst());
        Comparison one = Hierarchical.compare(b, c, runs(b, c, TIME), TIME, OPTIONS, "boots", Map.of("boot", 1));
        Comparison runs = Comparisons.compare(flat(b), flat(c), TIME, OPTIONS, Looks.FIXED);
        assertThat(one.ciLowPct()).isEqualTo(runs.ciLowPct());
        assertThat(one.ciHighPct()).isEqualTo(runs.ciHighPct());
        assertThat(one.designName()).isEqualTo("boots");
        assertThat(one.design().betweenShare()).isNaN();
        assertThat(one.warnings())
                .anyMatch(w -> w.startsWith("one boot per variant: the interval is over runs and cannot include"
                        + " boot-to-boot variation"));
    }

    @Test
    void twoUnitsShowTheIntervalButDecideNothing() {
        List<double[]> b = List.of(new double[] {1.0, 1.01}, new double[] {1.0, 1.02});
        List<double[]> c = List.of(new double[] {1.5, 1.51}, new double[] {1.5, 1.52});
        Comparison two = builds(b, c);
        assertThat(two.ciLowPct()).isGreaterThan(0);
        assertThat(two.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(two.runsNeeded()).isEqualTo(3);
        assertThat(two.warnings()).anyMatch(w -> w.contains("fewer than 3 builds on a side"));
    }

    @Test
    void countsTakeTheRatioOfUnitMeans() {
        List<double[]> b = List.of(new double[] {2, 3}, new double[] {2, 2}, new double[] {3, 3});
        List<double[]> c = List.of(new double[] {4, 4}, new double[] {5, 4}, new double[] {4, 5});
        Quantity faults = Quantity.count(Direction.LOWER);
        Comparison n = Hierarchical.compare(b, c, runs(b, c, faults), faults, OPTIONS, "builds", Map.of("build", 3));
        // unit means 2.5, 2, 3 against 4, 4.5, 4.5: ratio 13/7.5
        assertThat(n.changePct()).isCloseTo((13.0 / 7.5 - 1) * 100, within(1e-9));
        assertThat(n.method()).startsWith("ratio of means, fieller-welch of per-build means over 3+3 builds");
    }

    @Test
    void anAllZeroBaselineTakesTheDifferenceOfBuildMeansOverBuilds() {
        // fs_in: 0 blocks in every run of every baseline build; the candidate's builds differ a lot
        List<double[]> b = List.of(new double[5], new double[5], new double[5]);
        List<double[]> c =
                List.of(new double[] {8, 9, 8, 9, 8}, new double[] {1, 0, 1, 1, 0}, new double[] {4, 5, 4, 4, 5});
        Quantity blocks = Quantity.count(Direction.LOWER);
        Comparison runs = runs(b, c, blocks);
        Comparison over = Hierarchical.compare(b, c, runs, blocks, OPTIONS, "builds", Map.of("build", 3));
        // R 4: options(digits=17); r <- t.test(c(8.4, 0.6, 4.4), c(0, 0, 0)); r$conf.int; r$p.value; r$parameter
        //   -> -5.2225319483153658 14.1558652816486994, p 0.18576757012527692, df 2 (the build means)
        assertThat(over.difference().estimate()).isCloseTo(4.466666666666667, within(1e-12));
        assertThat(over.difference().low()).isCloseTo(-5.2225319483153658, within(1e-9));
        assertThat(over.difference().high()).isCloseTo(14.1558652816486994, within(1e-9));
        // the p-value is the exact test on the builds with events (docs/statistics.md, rare events):
        // scipy 1.10.1: stats.fisher_exact([[0,3],[3,0]]).pvalue -> 0.10000000000000002
        assertThat(over.pValue()).isCloseTo(0.10000000000000002, within(1e-12));
        assertThat(over.method()).isEqualTo("difference of means, welch-t on per-build means over 3+3 builds");
        assertThat(over.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(over.runsNeeded()).as("no margin to reach: no builds needed").isNull();
        assertThat(over.changePct()).isNaN();
        assertThat(over.ciLowPct()).isNaN();
        assertThat(over.baselineValue()).isZero();
        assertThat(over.candidateValue()).isCloseTo(4.466666666666667, within(1e-12));
        assertThat(over.nBaseline()).isEqualTo(15).as("runs, not units");
        assertThat(over.designName()).isEqualTo("builds");
        assertThat(over.warnings().getFirst())
                .isEqualTo("the baseline is 0 in every run: a relative change is undefined; the candidate's mean"
                        + " differs by 4.467 (95% interval over builds -5.223 … 14.16)");
        // R: t.test(c(8,9,8,9,8,1,0,1,1,0,4,5,4,4,5), rep(0, 15))$conf.int -> 2.6196736740054574 6.3136596593278753:
        // the runs as if independent called it worse with an interval a fifth as wide
        assertThat(runs.difference().low()).isCloseTo(2.6196736740054574, within(1e-9));
        assertThat(runs.difference().high()).isCloseTo(6.3136596593278753, within(1e-9));
        assertThat(runs.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(over.difference().high() - over.difference().low())
                .isGreaterThan(runs.difference().high() - runs.difference().low());
    }

    @Test
    void anAllZeroBaselineOverBuildsDecidesWhenTheBuildsAgree() {
        List<double[]> b = List.of(new double[4], new double[4], new double[4]);
        List<double[]> c =
                List.of(new double[] {2, 3, 2, 3}, new double[] {3, 2, 3, 2}, new double[] {2, 2, 3, 3}, new double[] {
                    3, 3, 2, 2
                });
        Quantity faults = Quantity.count(Direction.LOWER);
        Comparison over = Hierarchical.compare(b, c, runs(b, c, faults), faults, OPTIONS, "builds", Map.of("build", 3));
        // every build's mean is 2.5: a point interval over builds while the runs vary decides nothing
        assertThat(over.difference().low()).isEqualTo(over.difference().high());
        assertThat(over.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(over.warnings()).contains("the interval has no width although the values vary: no verdict from it");
        List<double[]> zero = List.of(new double[4], new double[4], new double[4]);
        Comparison none =
                Hierarchical.compare(b, zero, runs(b, zero, faults), faults, OPTIONS, "builds", Map.of("build", 3));
        // 0 against 0 over 3 builds: the rule of three leaves the event in up to 63% of builds; 8 builds decide
        assertThat(none.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(none.runsNeeded()).as("builds needed").isEqualTo(8);
        List<double[]> eight =
                java.util.stream.Stream.generate(() -> new double[4]).limit(8).toList();
        Comparison eightNone = Hierarchical.compare(
                eight, eight, runs(eight, eight, faults), faults, OPTIONS, "builds", Map.of("build", 8));
        assertThat(eightNone.verdict()).isEqualTo(Verdict.EQUIVALENT);
        List<double[]> two = List.of(new double[] {1, 1}, new double[] {2, 2});
        Comparison few = Hierarchical.compare(
                List.of(new double[2], new double[2]),
                two,
                runs(List.of(new double[2], new double[2]), two, faults),
                faults,
                OPTIONS,
                "builds",
                Map.of("build", 2));
        assertThat(few.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(few.warnings()).contains("fewer than 3 builds on a side: no verdict from 2");
    }

    @Test
    void anAllZeroBaselineWithOneBuildWarnsThatTheIntervalIsOverRuns() {
        List<double[]> b = List.of(new double[5]);
        List<double[]> c = List.of(new double[] {1, 2, 1, 2, 1});
        Quantity faults = Quantity.count(Direction.LOWER);
        Comparison runs = runs(b, c, faults);
        Comparison one = Hierarchical.compare(b, c, runs, faults, OPTIONS, "builds", Map.of("build", 1));
        assertThat(one.difference()).isEqualTo(runs.difference());
        assertThat(one.warnings()).anyMatch(w -> w.startsWith("one build per variant"));
    }
}

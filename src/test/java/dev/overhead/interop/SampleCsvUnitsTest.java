package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Comparison;
import dev.overhead.verdicts.Analyzer;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 28.7: a sample CSV's optional {@code build}, {@code boot} and {@code round} columns (CONTRACT §9)
 * make an imported study analysed exactly as one run here: the interval over builds or boots, the
 * runs of a round paired.
 */
public class SampleCsvUnitsTest {
    /**
     * An A/A study of two variants, each built {@code builds} times with {@code runs} runs per build:
     * every build shifts its runs by a lognormal factor of sd {@code betweenSd}, each run by one of sd
     * 0.5%. With {@code columns} the file says which build each run measured.
     */
    public static String perBuildStudy(SplittableRandom r, int builds, int runs, double betweenSd, boolean columns) {
        StringBuilder csv = new StringBuilder(
                columns ? "workload,variant,metric,value,build\n" : "workload,variant,metric,value\n");
        for (String variant : new String[] {"a", "b"}) {
            for (int b = 1; b <= builds; b++) {
                double build = Math.exp(betweenSd * r.nextGaussian());
                for (int k = 0; k < runs; k++) {
                    double wall = build * Math.exp(0.005 * r.nextGaussian());
                    csv.append(String.format(Locale.ROOT, "w,%s,wall,%.9f", variant, wall));
                    csv.append(columns ? "," + b + "\n" : "\n");
                }
            }
        }
        return csv.toString();
    }

    private static Comparison wall(StudyResult study) {
        return Analyzer.compare(study, null, CompareOptions.DEFAULT).stream()
                .filter(r -> r.metric().equals("wall"))
                .map(ComparisonRow::comparison)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void anImportedPerBuildStudyGetsTheBuildsDesignAndAnIntervalOverBuilds() {
        String csv = perBuildStudy(new SplittableRandom(1), 4, 5, 0.02, true);
        StudyResult study = Formats.read(csv, "builds.csv");
        Run first = study.workloads().getFirst().variants().getFirst().runs().getFirst();
        assertThat(first.build()).isEqualTo(1);
        assertThat(first.round()).isEqualTo(-1);
        Comparison c = wall(study);
        assertThat(c.design()).isNotNull();
        assertThat(c.design().name()).isEqualTo("builds");
        assertThat(c.design().units()).containsEntry("build", 4);
        assertThat(c.method()).contains("over 4+4 builds");
        // the same runs without the column: an interval over 20 runs a side, much narrower
        Comparison runs = wall(Formats.read(csv.replace(",build\n", "\n").replaceAll(",\\d+\n", "\n"), "runs.csv"));
        assertThat(runs.design()).isNull();
        assertThat(c.ciHighPct() - c.ciLowPct()).isGreaterThan(2 * (runs.ciHighPct() - runs.ciLowPct()));
    }

    /**
     * The A/A false-verdict rate of imported per-build studies (4 builds of 5 runs a variant) at 1-3%
     * between-build spread: 37-44% over runs, 3.6-4.6% over builds with 2,000 studies a spread
     * (docs/statistics.md, "Sample files with builds, boots and rounds"). Here 400 studies a spread with
     * one fixed seed, so the counts are the same on every machine; at 400 a true 5% comes out above
     * 7.2% (5% plus two binomial standard deviations) in one test of forty, so that is the bound.
     */
    @Test
    void aaFalseVerdictsOverBuildsStayWithinTheConfidence() {
        SplittableRandom r = new SplittableRandom(2826);
        for (double spread : new double[] {0.01, 0.02, 0.03}) {
            int falseOverBuilds = 0;
            int falseOverRuns = 0;
            int studies = 400;
            for (int s = 0; s < studies; s++) {
                String csv = perBuildStudy(r, 4, 5, spread, true);
                var overBuilds = wall(Formats.read(csv, "b.csv")).verdict();
                if (overBuilds == dev.overhead.stats.Verdict.WORSE || overBuilds == dev.overhead.stats.Verdict.BETTER) {
                    falseOverBuilds++;
                }
                var overRuns = wall(Formats.read(csv.replaceAll(",\\d+\n", "\n").replace(",build\n", "\n"), "r.csv"))
                        .verdict();
                if (overRuns == dev.overhead.stats.Verdict.WORSE || overRuns == dev.overhead.stats.Verdict.BETTER) {
                    falseOverRuns++;
                }
            }
            assertThat(falseOverBuilds / (double) studies)
                    .as("A/A worse or better over builds at %.0f%% spread", spread * 100)
                    .isLessThanOrEqualTo(0.05 + 2 * Math.sqrt(0.05 * 0.95 / studies));
            assertThat(falseOverRuns / (double) studies)
                    .as("the same files without the build column")
                    .isGreaterThan(0.15);
        }
    }

    @Test
    void roundsPairTheRunsOfARound() {
        SplittableRandom r = new SplittableRandom(3);
        StringBuilder csv = new StringBuilder("workload,variant,metric,value,round\n");
        for (int round = 0; round < 10; round++) {
            double drift = 1 + 0.1 * round; // the machine slows down over the study: a round shares it
            for (String v : new String[] {"a", "b"}) {
                double x = drift * (v.equals("b") ? 1.05 : 1) * Math.exp(0.002 * r.nextGaussian());
                csv.append(String.format(Locale.ROOT, "w,%s,wall,%.9f,%d\n", v, x, round));
            }
        }
        StudyResult study = Formats.read(csv.toString(), "rounds.csv");
        assertThat(study.workloads().getFirst().variants().get(1).runs().get(3).round())
                .isEqualTo(3);
        Comparison paired = wall(study);
        assertThat(paired.design()).isNull();
        assertThat(paired.method()).contains("10 rounds");
        assertThat(paired.changePct()).isCloseTo(5, org.assertj.core.data.Offset.offset(0.2));
        assertThat(paired.ciHighPct() - paired.ciLowPct()).isLessThan(1);
        Comparison unpaired = wall(
                Formats.read(csv.toString().replaceAll(",\\d+\n", "\n").replace(",round\n", "\n"), "no-rounds.csv"));
        assertThat(unpaired.method()).doesNotContain("rounds");
    }

    @Test
    void unitCellsMustBeWholeNumbersAndAgreeAcrossTheMetricsOfARun() {
        assertThatThrownBy(() -> Formats.read("workload,variant,metric,value,build\nw,a,wall,1.0,first\n", "u.csv"))
                .isInstanceOf(FormatException.class)
                .hasMessage("u.csv line 2: build 'first' is not a whole number from 0 to 999999999; a run's build is"
                        + " written as one.");
        assertThatThrownBy(() ->
                        Formats.read("workload,variant,metric,value,boot\nw,a,wall,1.0,1\nw,a,user,0.5,2\n", "u.csv"))
                .isInstanceOf(FormatException.class)
                .hasMessage("u.csv: run 1 of w / a is in boot 1 by its wall value but in boot 2 by its user value;"
                        + " the k-th value of each metric belongs to the k-th run, so give each run one boot.");
        // blank cells: that run has none
        StudyResult study =
                Formats.read("workload,variant,metric,value,boot\nw,a,wall,1.0,\nw,a,wall,1.1,7\n", "u.csv");
        var runs = study.workloads().getFirst().variants().getFirst().runs();
        assertThat(runs.get(0).boot()).isNull();
        assertThat(runs.get(1).boot()).isEqualTo(7);
    }
}

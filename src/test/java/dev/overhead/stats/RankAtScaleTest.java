package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The selection-based rank statistics (SortedMatrix, RunSequence's merge-sort S, Summary's single
 * MAD, the median interval from the inverse CDF) give exactly what the quadratic code gave
 * ({@link NaiveRank}) on many random small samples, with ties, and stay sane above 46,340 runs
 * where the old int arithmetic overflowed.
 */
class RankAtScaleTest {
    private static final SplittableRandom SEEDS = new SplittableRandom(16_4);

    /** Continuous values, heavy ties (a few levels), or a mix with negatives and zeros. */
    private static double[] sample(SplittableRandom r, int n) {
        int kind = r.nextInt(3);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = switch (kind) {
                case 0 -> Math.exp(r.nextGaussian() * 0.1);
                case 1 -> r.nextInt(4) * 0.25;
                default -> r.nextInt(7) - 3 + (r.nextBoolean() ? 0 : r.nextDouble());
            };
        }
        return x;
    }

    @Test
    void everyOrderStatisticOfTheDifferencesIsTheNaiveOne() {
        for (int t = 0; t < 200; t++) {
            SplittableRandom r = SEEDS.split();
            double[] b = sample(r, 1 + r.nextInt(60));
            double[] c = sample(r, 1 + r.nextInt(60));
            double[] sorted = NaiveRank.sortedDifferences(b, c);
            SortedMatrix m = SortedMatrix.differences(b, c);
            assertThat(m.size()).isEqualTo(sorted.length);
            assertThat(m.median()).isEqualTo(NaiveRank.median(sorted));
            for (int q = 0; q < 20; q++) {
                int k = 1 + r.nextInt(sorted.length);
                assertThat(m.select(k)).as("rank %d of %d", k, sorted.length).isEqualTo(sorted[k - 1]);
            }
            assertThat(m.select(1)).isEqualTo(sorted[0]);
            assertThat(m.select(sorted.length)).isEqualTo(sorted[sorted.length - 1]);
        }
    }

    @Test
    void everyOrderStatisticOfTheWalshAveragesIsTheNaiveOne() {
        for (int t = 0; t < 200; t++) {
            SplittableRandom r = SEEDS.split();
            double[] d = sample(r, 1 + r.nextInt(90));
            double[] sorted = NaiveRank.sortedWalsh(d);
            SortedMatrix m = SortedMatrix.walshAverages(d);
            assertThat(m.size()).isEqualTo(sorted.length);
            assertThat(m.median()).isEqualTo(NaiveRank.median(sorted));
            for (int q = 0; q < 20; q++) {
                int k = 1 + r.nextInt(sorted.length);
                assertThat(m.select(k)).as("rank %d of %d", k, sorted.length).isEqualTo(sorted[k - 1]);
            }
        }
    }

    @Test
    void shiftsEqualTheNaiveIntervals() {
        for (int t = 0; t < 150; t++) {
            SplittableRandom r = SEEDS.split();
            double[] b = sample(r, 10 + r.nextInt(70));
            double[] c = sample(r, 10 + r.nextInt(70));
            Shift s = HodgesLehmann.shift(b, c, 0.95);
            double[] naive = NaiveRank.interval(
                    NaiveRank.sortedDifferences(b, c), HodgesLehmann.criticalCount(b.length, c.length, 0.05));
            assertThat(new double[] {s.estimate(), s.low(), s.high()}).containsExactly(naive);

            double[] d = sample(r, 10 + r.nextInt(250));
            Shift w = SignedRank.shift(d, 0.95);
            double[] naiveW = NaiveRank.interval(NaiveRank.sortedWalsh(d), SignedRank.criticalCount(d.length, 0.05));
            assertThat(new double[] {w.estimate(), w.low(), w.high()}).containsExactly(naiveW);
        }
    }

    @Test
    void trendOutliersAndMedianIntervalEqualTheNaiveOnes() {
        for (int t = 0; t < 300; t++) {
            SplittableRandom r = SEEDS.split();
            double[] x = sample(r, 1 + r.nextInt(300));
            if (r.nextBoolean()) { // a drift and a few spikes
                for (int i = 0; i < x.length; i++) {
                    x[i] += i * 0.001 + (r.nextInt(20) == 0 ? 5 : 0);
                }
            }
            RunSequence.Trend trend = RunSequence.trend(x);
            double[] naive = NaiveRank.trend(x);
            assertThat(trend.s()).isEqualTo(naive[0]);
            assertThat(trend.z())
                    .isCloseTo(
                            naive[1] > 0 ? naive[0] / Math.sqrt(naive[1]) : 0,
                            within(1e-12 * (1 + Math.abs(trend.z()))));
            assertThat(trend.slope()).isEqualTo(naive[2]);
            assertThat(Summary.outliers(x)).isEqualTo(NaiveRank.outliers(x));
            double confidence = new double[] {0.9, 0.95, 0.99, 0.999}[r.nextInt(4)];
            int k = NaiveRank.medianIntervalK(x.length, confidence);
            double[] mi = Robust.medianInterval(x, confidence);
            if (k == 0) {
                assertThat(mi[0]).isNaN();
            } else {
                double[] sorted = x.clone();
                Arrays.sort(sorted);
                assertThat(new double[] {mi[0], mi[1]}).containsExactly(sorted[k - 1], sorted[x.length - k]);
            }
        }
    }

    @Test
    void medianIntervalRankMatchesTheStepwiseSearchAtLargeN() {
        double[] x = new double[60_001];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        for (double confidence : new double[] {0.95, 0.99}) {
            int k = NaiveRank.medianIntervalK(x.length, confidence);
            assertThat(Robust.medianInterval(x, confidence)[0]).isEqualTo(k - 1);
        }
    }

    @Test
    void noOverflowAboveFortySixThousandRuns() {
        SplittableRandom r = new SplittableRandom(7);
        int n = 100_000; // n·n and n(n−1)/2 exceed an int
        double[] b = new double[n];
        double[] c = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = r.nextGaussian() * 0.1;
        }
        for (int i = 0; i < n; i++) {
            c[i] = b[n - 1 - i] + 0.05; // the same values shifted by 0.05, in another order
        }
        Shift s = HodgesLehmann.shift(b, c, 0.95);
        assertThat(s.estimate()).isCloseTo(0.05, within(1e-9));
        assertThat(s.low()).isLessThan(0.05).isGreaterThan(0.04);
        assertThat(0.05 - s.low()).isCloseTo(s.high() - 0.05, within(1e-4));

        Shift w = SignedRank.shift(c, 0.95); // the Walsh averages of a sample symmetric about ~0.05
        assertThat(w.low()).isLessThan(w.estimate());
        assertThat(w.high()).isGreaterThan(w.estimate());
        assertThat(w.estimate()).isCloseTo(0.05, within(0.003));

        double[] rising = new double[n];
        for (int i = 0; i < n; i++) {
            rising[i] = i * 0.5;
        }
        RunSequence.Trend t = RunSequence.trend(rising);
        assertThat(t.s()).isEqualTo((double) n * (n - 1) / 2);
        assertThat(t.slope()).isEqualTo(0.5);
    }

    @Test
    void sampledSenSlopeIsCloseToTheExactOneAboveTheExactLimit() {
        SplittableRandom r = new SplittableRandom(11);
        int n = 4000;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 1 + 2e-6 * i + 0.05 * r.nextGaussian();
        }
        double exact = NaiveRank.trend(x)[2];
        double sampled = RunSequence.trend(x).slope();
        // the drift over the study the warning reports, in percent of the median: exact 0.8%, and
        // the sampled estimate within 0.05 percentage points of it
        assertThat(exact * (n - 1) * 100).isCloseTo(0.8, within(0.3));
        assertThat((sampled - exact) * (n - 1) * 100).isCloseTo(0, within(0.05));
    }

    @Test
    void mannWhitneyPFromTheSortedSamplesIsTheLibrarysAsymptoticOne() {
        for (int t = 0; t < 100; t++) {
            SplittableRandom r = SEEDS.split();
            double[] b = sample(r, 50 + r.nextInt(300));
            double[] c = sample(r, 50 + r.nextInt(300));
            double expected = org.apache.commons.statistics.inference.MannWhitneyUTest.withDefaults()
                    .test(c, b)
                    .getPValue();
            double[] sb = b.clone();
            double[] sc = c.clone();
            Arrays.sort(sb);
            Arrays.sort(sc);
            assertThat(HodgesLehmann.asymptoticP(sb, sc)).isCloseTo(expected, within(1e-12));
        }
    }

    @Test
    void mannWhitneyPWithTiesAtFiftyAndMoreMatchesScipy() {
        double[] b = new double[60];
        double[] c = new double[70];
        for (int i = 0; i < b.length; i++) {
            b[i] = Math.round(i * 37 % 101) / 100.0;
        }
        for (int i = 0; i < c.length; i++) {
            c[i] = Math.round((i * 53 % 97) + 5) / 100.0;
        }
        // /usr/bin/python3 -c "from scipy import stats; b=[round((i*37 % 101)/100,2) for i in range(60)];
        //   c=[round((i*53 % 97)/100+0.05,2) for i in range(70)];
        //   print(stats.mannwhitneyu(c, b, method='asymptotic', use_continuity=True))"
        //   -> statistic=2185.0, pvalue=0.693102109486446 (scipy 1.10.1)
        assertThat(HodgesLehmann.shift(b, c, 0.95).pValue()).isCloseTo(0.693102109486446, within(1e-12));
    }
}

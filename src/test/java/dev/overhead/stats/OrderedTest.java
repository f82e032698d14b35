package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The shared sorted samples (Ordered) and what is read from them — medians, MADs with and without
 * one value, the log samples' order derived from the values', several ranks of the differences in
 * one selection — against the straightforward computations, on random samples with ties and signed
 * zeros, at sizes below and above the size from which samples are remembered.
 */
class OrderedTest {
    private static final SplittableRandom SEEDS = new SplittableRandom(20261203);

    /** Continuous values, heavy ties, or a mix with negatives, 0.0 and −0.0. */
    private static double[] sample(SplittableRandom r, int n) {
        int kind = r.nextInt(3);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = switch (kind) {
                case 0 -> Math.exp(r.nextGaussian() * 0.1);
                case 1 -> Math.round(Math.exp(r.nextGaussian() * 0.1) * 1000) / 1000.0;
                default -> r.nextInt(10) == 0 ? (r.nextBoolean() ? 0.0 : -0.0) : r.nextInt(7) - 3;
            };
        }
        return x;
    }

    private static long naiveInversions(double[] x) {
        long inversions = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                if (x[i] > x[j]) {
                    inversions++;
                }
            }
        }
        return inversions;
    }

    private static double naiveMedian(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static double naiveMad(double[] v) {
        double m = naiveMedian(v);
        return naiveMedian(Arrays.stream(v).map(x -> Math.abs(x - m)).toArray());
    }

    private static void assertBitwise(double[] actual, double[] expected) {
        assertThat(Arrays.stream(actual).mapToLong(Double::doubleToRawLongBits).toArray())
                .isEqualTo(Arrays.stream(expected)
                        .mapToLong(Double::doubleToRawLongBits)
                        .toArray());
    }

    @Test
    void sortedAsArraysSortsWithTheInversionsCountedPairByPair() {
        for (int t = 0; t < 300; t++) {
            SplittableRandom r = SEEDS.split();
            double[] x = sample(r, 1 + r.nextInt(400));
            Ordered.Sorted s = Ordered.of(x);
            double[] expected = x.clone();
            Arrays.sort(expected);
            assertBitwise(s.values(), expected);
            assertThat(s.inversions()).isEqualTo(naiveInversions(x));
        }
    }

    @Test
    void largeSamplesAreRememberedByTheirValuesAndAChangedSampleIsAnother() {
        SplittableRandom r = SEEDS.split();
        double[] x = sample(r, Ordered.REMEMBER_FROM + 123);
        double[] expected = x.clone();
        Arrays.sort(expected);
        assertBitwise(Ordered.of(x).values(), expected);
        assertThat(Ordered.of(x.clone())).isSameAs(Ordered.of(x)); // a hit: the same sorted sample
        assertThat(Ordered.known(x.clone())).isSameAs(Ordered.of(x).values());

        double[] changed = x.clone();
        changed[changed.length / 2] += 1;
        assertThat(Ordered.known(changed)).isNull();
        double[] changedSorted = changed.clone();
        Arrays.sort(changedSorted);
        assertBitwise(Ordered.of(changed).values(), changedSorted);
        assertBitwise(Ordered.of(x).values(), expected); // x is as it was
    }

    @Test
    void theLogarithmsOrderIsDerivedFromTheValuesAndIsTheirSortedOrder() {
        for (int t = 0; t < 5; t++) {
            SplittableRandom r = SEEDS.split();
            double[] x = Arrays.stream(sample(r, Ordered.REMEMBER_FROM + r.nextInt(5000)))
                    .map(v -> Math.abs(v) + 1e-3)
                    .toArray();
            double[] logs = Robust.logs(x);
            double[] expected = logs.clone();
            Arrays.sort(expected);
            assertBitwise(Ordered.of(logs).values(), expected);
            assertThat(Ordered.of(logs).inversions()).isEqualTo(-1); // derived, not counted
            assertThat(Ordered.withInversions(logs).inversions()).isGreaterThanOrEqualTo(0);
        }
    }

    @Test
    void medianAndMadFromTheSortedValuesWithAndWithoutOneOfThem() {
        for (int t = 0; t < 400; t++) {
            SplittableRandom r = SEEDS.split();
            double[] x = sample(r, 1 + r.nextInt(300));
            double[] sorted = Ordered.of(x).values();
            Robust.Spread all = Robust.Spread.ofSorted(sorted, -1);
            assertThat(all.median()).isEqualTo(naiveMedian(x));
            assertThat(all.mad()).isEqualTo(naiveMad(x));
            assertThat(Robust.median(x)).isEqualTo(naiveMedian(x));
            if (x.length >= 2) {
                int skip = r.nextInt(sorted.length);
                double[] rest = new double[sorted.length - 1];
                for (int i = 0, j = 0; i < sorted.length; i++) {
                    if (i != skip) {
                        rest[j++] = sorted[i];
                    }
                }
                Robust.Spread without = Robust.Spread.ofSorted(sorted, skip);
                assertThat(without.median()).isEqualTo(naiveMedian(rest));
                assertThat(without.mad()).isEqualTo(naiveMad(rest));
            }
        }
    }

    @Test
    void warmUpIsJudgedAsAgainstACopyOfTheRest() {
        for (int t = 0; t < 400; t++) {
            SplittableRandom r = SEEDS.split();
            double[] x = sample(r, 4 + r.nextInt(200));
            if (r.nextBoolean()) {
                x[0] += r.nextInt(4) * 3;
            }
            double[] rest = Arrays.copyOfRange(x, 1, x.length);
            double mad = naiveMad(rest);
            double z = mad == 0 ? Double.NaN : 0.6745 * (x[0] - naiveMedian(rest)) / mad;
            assertThat(RunSequence.warmupSuspected(x))
                    .as("%s", Arrays.toString(x))
                    .isEqualTo(Math.abs(z) > 3.5);
        }
    }

    @Test
    void severalRanksInOneSelectionAreTheNaiveOnes() {
        for (int t = 0; t < 150; t++) {
            SplittableRandom r = SEEDS.split();
            double[] b = sample(r, 1 + r.nextInt(r.nextBoolean() ? 40 : 400));
            double[] c = sample(r, 1 + r.nextInt(r.nextBoolean() ? 40 : 400));
            boolean walsh = r.nextInt(3) == 0;
            double[] sorted = walsh ? NaiveRank.sortedWalsh(c) : NaiveRank.sortedDifferences(b, c);
            SortedMatrix m = walsh ? SortedMatrix.walshAverages(c) : SortedMatrix.differences(b, c);
            long size = sorted.length;
            // an interval's ends and its median (close together or far apart), and random ranks
            long k = 1 + r.nextLong(Math.max(1, size / 2));
            long[] ranks = r.nextBoolean()
                    ? new long[] {k, size + 1 - k, (size + 1) / 2, size / 2 + 1}
                    : r.longs(1 + r.nextInt(6), 1, size + 1).toArray();
            double[] got = m.select(ranks);
            for (int i = 0; i < ranks.length; i++) {
                assertThat(got[i]).as("rank %d of %d", ranks[i], size).isEqualTo(sorted[(int) ranks[i] - 1]);
            }
        }
    }
}

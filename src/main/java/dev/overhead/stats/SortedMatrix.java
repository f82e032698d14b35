package dev.overhead.stats;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.numbers.arrays.Selection;

/**
 * Order statistics of the pairwise values the rank estimators are built on — the m·n differences
 * cⱼ − bᵢ of Hodges-Lehmann's shift, the n(n+1)/2 Walsh averages (dᵢ + dⱼ)/2 of the signed-rank
 * estimate — without materialising them. With both samples sorted, the values form a matrix whose
 * rows and columns are non-decreasing, so the number of values below any p is counted in one
 * staircase walk of O(rows + columns) (Johnson, D. B. and Mizoguchi, T. (1978), "Selecting the Kth
 * element in X + Y and X₁ + X₂ + ⋯ + Xₘ", SIAM J. Comput. 7; Monahan, J. F. (1984), "Algorithm 616:
 * fast computation of the Hodges-Lehmann location estimator", ACM TOMS 10). The k-th value is then
 * found by narrowing an open interval (lo, hi) around it: pivots drawn at random from the values
 * still inside, taken at the ranks of a sample that bracket k (as Floyd and Rivest's selection
 * does), cut the values left by a factor of about 30 per step, and once no more than rows + columns
 * are left they are copied out and selected directly. O((m + n)·log(m·n)) time, O(m + n) memory.
 *
 * <p>Each value is computed exactly as the naive code computes it ({@code c[j] - b[i]},
 * {@code (d[i] + d[j]) / 2}); IEEE subtraction and addition are monotone in each argument, so the
 * counts are exact and the result is the same double the sorted array of all values would hold. The
 * random pivots change only the time taken, never the answer. No library offers selection over an
 * implicit sorted matrix, which is why this is written here.
 */
final class SortedMatrix {
    private static final int SAMPLE = 4096;

    private final double[] rows;
    private final double[] cols;
    private final boolean walsh;

    private SortedMatrix(double[] rows, double[] cols, boolean walsh) {
        this.rows = rows;
        this.cols = cols;
        this.walsh = walsh;
    }

    /** The values c[j] − b[i] over all i, j. */
    static SortedMatrix differences(double[] b, double[] c) {
        double[] sb = b.clone();
        Arrays.sort(sb);
        double[] sc = c.clone();
        Arrays.sort(sc);
        return differencesOfSorted(sb, sc);
    }

    /** The same, given both samples sorted ascending (they are not changed). */
    static SortedMatrix differencesOfSorted(double[] b, double[] c) {
        double[] cols = b.clone();
        reverse(cols); // c[j] − b[i] grows along a row when b falls
        return new SortedMatrix(c, cols, false);
    }

    /** The Walsh averages (d[i] + d[j]) / 2 over i ≤ j. */
    static SortedMatrix walshAverages(double[] d) {
        double[] s = d.clone();
        Arrays.sort(s);
        return new SortedMatrix(s, s, true);
    }

    /** How many values there are. */
    long size() {
        if (walsh) {
            return (long) rows.length * (rows.length + 1) / 2;
        }
        return (long) rows.length * cols.length;
    }

    /** The median as {@code Robust.median} of all values gives it (the mean of the middle two when even). */
    double median() {
        long n = size();
        double lower = select((n + 1) / 2);
        return n % 2 == 1 ? lower : (lower + successor(lower, n / 2)) / 2;
    }

    private int start(int r) {
        return walsh ? r : 0;
    }

    private double value(int r, int c) {
        return walsh ? (rows[r] + cols[c]) / 2 : rows[r] - cols[c];
    }

    /**
     * Per row, the first column whose value is not below p ({@code lt}) and the first whose value is
     * above p ({@code le}); returns {count below p, count at or below p}. A row's boundary never lies
     * right of the previous row's, which is what makes the walk linear.
     */
    private long[] count(double p, int[] lt, int[] le) {
        long below = 0;
        long atOrBelow = 0;
        int t = cols.length;
        int u = cols.length;
        for (int r = 0; r < rows.length; r++) {
            int s = start(r);
            t = Math.max(t, s);
            u = Math.max(u, s);
            while (t > s && value(r, t - 1) >= p) {
                t--;
            }
            while (u > s && value(r, u - 1) > p) {
                u--;
            }
            lt[r] = t;
            le[r] = u;
            below += t - s;
            atOrBelow += u - s;
        }
        return new long[] {below, atOrBelow};
    }

    /** The k-th smallest value, k from 1 to {@link #size()}. */
    double select(long k) {
        if (k < 1 || k > size()) {
            throw new IllegalArgumentException("rank " + k + " outside 1.." + size());
        }
        int nr = rows.length;
        // Row r's values inside (lo, hi) are its columns [loB[r], hiB[r]).
        int[] loB = new int[nr];
        int[] hiB = new int[nr];
        for (int r = 0; r < nr; r++) {
            loB[r] = start(r);
            hiB[r] = cols.length;
        }
        int[] lt = new int[nr];
        int[] le = new int[nr];
        long[] cum = new long[nr];
        long below = 0; // values at or below lo
        long inside = size(); // values in (lo, hi)
        SplittableRandom random = new SplittableRandom(0x5eed_0f_5e1ec7L ^ k);
        while (inside > (long) nr + cols.length) {
            // a sample of about 4√inside values, at most SAMPLE: small matrices need few steps
            double[] sample = new double[(int) Math.min(SAMPLE, 4 * Math.sqrt(inside))];
            long total = 0;
            for (int r = 0; r < nr; r++) {
                total += hiB[r] - loB[r];
                cum[r] = total;
            }
            for (int i = 0; i < sample.length; i++) {
                long x = random.nextLong(inside);
                int r = firstAbove(cum, x);
                long before = r == 0 ? 0 : cum[r - 1];
                sample[i] = value(r, loB[r] + (int) (x - before));
            }
            Arrays.sort(sample);
            // k's rank among the values inside, scaled to the sample, give or take three binomial
            // standard deviations: the two pivots bracket the k-th value with high probability.
            double f = (double) (k - below) / inside;
            int size = sample.length;
            double spread = 3 * Math.sqrt(size * f * (1 - f)) + 1;
            int i1 = (int) Math.max(0, Math.floor(f * size - spread));
            int i2 = (int) Math.min(size - 1, Math.ceil(f * size + spread));
            for (double p : new double[] {sample[i1], sample[i2]}) {
                long[] c = count(p, lt, le);
                if (c[0] < k && k <= c[1]) {
                    return p;
                }
                if (k <= c[0]) { // the k-th is below p: p becomes hi
                    int[] t = hiB;
                    hiB = lt;
                    lt = t;
                    inside = c[0] - below;
                    break;
                }
                int[] t = loB; // above p: p becomes lo
                loB = le;
                le = t;
                inside -= c[1] - below;
                below = c[1];
            }
        }
        double[] left = new double[(int) inside];
        int i = 0;
        for (int r = 0; r < nr; r++) {
            for (int c = loB[r]; c < hiB[r]; c++) {
                left[i++] = value(r, c);
            }
        }
        int rank = (int) (k - below - 1);
        Selection.select(left, rank);
        return left[rank];
    }

    /** The (k+1)-th smallest value, given that v is the k-th. */
    private double successor(double v, long k) {
        int nr = rows.length;
        int[] le = new int[nr];
        if (count(v, new int[nr], le)[1] > k) {
            return v; // v is repeated
        }
        double next = Double.POSITIVE_INFINITY;
        for (int r = 0; r < nr; r++) {
            if (le[r] < cols.length) {
                next = Math.min(next, value(r, le[r]));
            }
        }
        return next;
    }

    /** The first index whose cumulative count exceeds x. */
    private static int firstAbove(long[] cum, long x) {
        int lo = 0;
        int hi = cum.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cum[mid] > x) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static void reverse(double[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}

package dev.overhead.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * still inside, taken at the ranks of a sample of up to 2¹⁵ of them that bracket k (as Floyd and
 * Rivest's selection does), cut the values left by a factor of 50–100 per step, and once no more
 * than rows + columns are left they are copied out and selected directly. Several ranks (an
 * interval's ends and a median) are found together while the sample cannot tell them apart, then
 * in groups. O((m + n)·log(m·n)) time, O(m + n) memory.
 *
 * <p>Each value is computed exactly as the naive code computes it ({@code c[j] - b[i]},
 * {@code (d[i] + d[j]) / 2}); IEEE subtraction and addition are monotone in each argument, so the
 * counts are exact and the result is the same double the sorted array of all values would hold. The
 * random pivots change only the time taken, never the answer. No library offers selection over an
 * implicit sorted matrix, which is why this is written here.
 */
final class SortedMatrix {
    private static final int SAMPLE = 1 << 15;

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
        if (n % 2 == 1) {
            return select((n + 1) / 2);
        }
        double[] middle = select(new long[] {n / 2, n / 2 + 1});
        return (middle[0] + middle[1]) / 2;
    }

    private int start(int r) {
        return walsh ? r : 0;
    }

    private double value(int r, int c) {
        return walsh ? (rows[r] + cols[c]) / 2 : rows[r] - cols[c];
    }

    /** The k-th smallest value, k from 1 to {@link #size()}. */
    double select(long k) {
        return select(new long[] {k})[0];
    }

    /**
     * The k-th smallest value for each k given (each from 1 to {@link #size()}), in the order given.
     * Ranks close together — a median and the bounds of its interval — share the steps that narrow
     * the bracket around all of them, and part only where the sample shows them apart.
     */
    double[] select(long... ks) {
        for (long k : ks) {
            if (k < 1 || k > size()) {
                throw new IllegalArgumentException("rank " + k + " outside 1.." + size());
            }
        }
        long[] distinct = Arrays.stream(ks).distinct().sorted().toArray();
        double[] found = new double[distinct.length];
        int nr = rows.length;
        Bracket all = new Bracket(new int[nr], new int[nr], 0, size());
        for (int r = 0; r < nr; r++) {
            all.lo[r] = start(r);
            all.hi[r] = cols.length;
        }
        int[] sought = new int[distinct.length];
        Arrays.setAll(sought, i -> i);
        Search search = new Search(distinct, found, nr, new SplittableRandom(0x5eed_0f_5e1ec7L ^ distinct[0]));
        select(all, sought, null, search);
        double[] out = new double[ks.length];
        for (int i = 0; i < ks.length; i++) {
            out[i] = found[Arrays.binarySearch(distinct, ks[i])];
        }
        return out;
    }

    /**
     * The values in the open interval between two pivots: row r's are its columns [lo[r], hi[r]);
     * {@code below} of all values lie at or below the lower pivot and {@code upTo} below the upper.
     */
    private static final class Bracket {
        int[] lo;
        int[] hi;
        long below;
        long upTo;

        Bracket(int[] lo, int[] hi, long below, long upTo) {
            this.lo = lo;
            this.hi = hi;
            this.below = below;
            this.upTo = upTo;
        }

        long inside() {
            return upTo - below;
        }

        Bracket copy() {
            return new Bracket(lo.clone(), hi.clone(), below, upTo);
        }
    }

    /** One selection's ranks, answers, random pivots and the per-row boundaries a count writes. */
    private static final class Search {
        final long[] ks;
        final double[] found;
        final SplittableRandom random;
        int[] lt1;
        int[] le1;
        int[] lt2;
        int[] le2;

        Search(long[] ks, double[] found, int rows, SplittableRandom random) {
            this.ks = ks;
            this.found = found;
            this.random = random;
            lt1 = new int[rows];
            le1 = new int[rows];
            lt2 = new int[rows];
            le2 = new int[rows];
        }
    }

    /**
     * Finds ks[i] for the indices i sought (ascending ranks, all inside the bracket) into found[i].
     * Each step draws a sample of the values inside (or takes the one given, drawn from this same
     * bracket), takes as pivots the sample's values at the ranks that bracket the lowest and the
     * highest k with high probability, counts the values below and at both pivots in one walk, and
     * moves the bracket's ends in to the pivots that still hold every k.
     */
    private void select(Bracket b, int[] sought, double[] given, Search s) {
        long[] ks = s.ks;
        while (b.inside() > (long) rows.length + cols.length) {
            long inside = b.inside();
            double[] sample = given != null ? given : sample(b, s.random);
            given = null;
            // the ranks' places among the values inside, scaled to the sample, give or take three
            // binomial standard deviations: the two pivots bracket them with high probability
            int size = sample.length;
            double f1 = (double) (ks[sought[0]] - b.below) / inside;
            double f2 = (double) (ks[sought[sought.length - 1]] - b.below) / inside;
            int i1 = (int) Math.max(0, Math.floor(f1 * size - 3 * Math.sqrt(size * f1 * (1 - f1)) - 1));
            int i2 = (int) Math.min(size - 1, Math.ceil(f2 * size + 3 * Math.sqrt(size * f2 * (1 - f2)) + 1));
            if (sought.length > 1 && i2 - i1 > size / 4) {
                split(b, sought, sample, s, false); // the ranks lie far apart for this bracket
                return;
            }
            double p1 = sample[i1];
            double p2 = sample[i2];
            long[] c = count(p1, p2, s.lt1, s.le1, s.lt2, s.le2);
            long lt1 = c[0];
            long le1 = c[1];
            long lt2 = c[2];
            long le2 = c[3];
            int kept = 0; // ranks that fall on a pivot are found
            for (int i : sought) {
                long k = ks[i];
                if (lt1 < k && k <= le1) {
                    s.found[i] = p1;
                } else if (lt2 < k && k <= le2) {
                    s.found[i] = p2;
                } else {
                    sought[kept++] = i;
                }
            }
            if (kept == 0) {
                return;
            }
            sought = Arrays.copyOf(sought, kept);
            long kmin = ks[sought[0]];
            long kmax = ks[sought[kept - 1]];
            boolean moved = true;
            if (le2 < kmin) { // all above p2: it becomes the lower end
                int[] t = b.lo;
                b.lo = s.le2;
                s.le2 = t;
                b.below = le2;
            } else if (le1 < kmin) {
                int[] t = b.lo;
                b.lo = s.le1;
                s.le1 = t;
                b.below = le1;
            } else {
                moved = false;
            }
            if (lt1 >= kmax) { // all below p1: it becomes the upper end
                int[] t = b.hi;
                b.hi = s.lt1;
                s.lt1 = t;
                b.upTo = lt1;
                moved = true;
            } else if (lt2 >= kmax) {
                int[] t = b.hi;
                b.hi = s.lt2;
                s.lt2 = t;
                b.upTo = lt2;
                moved = true;
            }
            if (!moved) { // the pivots fell between the ranks: one at a time
                split(b, sought, sample, s, true);
                return;
            }
        }
        double[] left = new double[(int) b.inside()];
        int i = 0;
        for (int r = 0; r < rows.length; r++) {
            for (int col = b.lo[r]; col < b.hi[r]; col++) {
                left[i++] = value(r, col);
            }
        }
        int[] ranks = new int[sought.length];
        for (int j = 0; j < ranks.length; j++) {
            ranks[j] = (int) (ks[sought[j]] - b.below - 1);
        }
        Selection.select(left, ranks);
        for (int j = 0; j < ranks.length; j++) {
            s.found[sought[j]] = left[ranks[j]];
        }
    }

    /**
     * A random sample (with replacement) of about 4√inside values inside the bracket, at most
     * {@link #SAMPLE}, sorted: positions are drawn, sorted and found in one walk over the rows.
     */
    private double[] sample(Bracket b, SplittableRandom random) {
        long inside = b.inside();
        int size = (int) Math.min(SAMPLE, 4 * Math.sqrt(inside));
        long[] at = new long[size];
        for (int i = 0; i < size; i++) {
            at[i] = random.nextLong(inside);
        }
        Arrays.sort(at);
        double[] sample = new double[size];
        int r = 0;
        long before = 0; // values inside in the rows before r
        for (int i = 0; i < size; i++) {
            while (before + b.hi[r] - b.lo[r] <= at[i]) {
                before += b.hi[r] - b.lo[r];
                r++;
            }
            sample[i] = value(r, b.lo[r] + (int) (at[i] - before));
        }
        Arrays.sort(sample);
        return sample;
    }

    /**
     * The ranks sought in groups, each from its own copy of the bracket, with the sample already
     * drawn from it: ranks within an eighth of the sample of each other stay together (the two
     * middle ranks of a median), unless {@code singly}.
     */
    private void split(Bracket b, int[] sought, double[] sample, Search s, boolean singly) {
        if (sought.length == 1) {
            select(b, sought, sample, s);
            return;
        }
        double scale = (double) sample.length / b.inside();
        List<int[]> groups = new ArrayList<>();
        int first = 0;
        for (int j = 1; j <= sought.length; j++) {
            boolean apart = j == sought.length
                    || singly
                    || (s.ks[sought[j]] - s.ks[sought[j - 1]]) * scale > sample.length / 8.0;
            if (apart) {
                groups.add(Arrays.copyOfRange(sought, first, j));
                first = j;
            }
        }
        if (groups.size() == 1) { // no gap wide enough: one at a time
            split(b, sought, sample, s, true);
            return;
        }
        for (int g = 0; g < groups.size(); g++) {
            Bracket own = g == groups.size() - 1 ? b : b.copy();
            select(own, groups.get(g), sample, s);
        }
    }

    /**
     * Per row, the first column whose value is not below p and the first whose value is above p, for
     * two pivots p1 ≤ p2 in one walk; returns the counts {below p1, at or below p1, below p2, at or
     * below p2}. A row's boundaries never lie right of the previous row's, which makes the walk linear.
     */
    private long[] count(double p1, double p2, int[] lt1, int[] le1, int[] lt2, int[] le2) {
        if (!walsh) {
            return countDifferences(p1, p2, lt1, le1, lt2, le2);
        }
        long[] n = new long[4];
        int t1 = cols.length;
        int u1 = cols.length;
        int t2 = cols.length;
        int u2 = cols.length;
        for (int r = 0; r < rows.length; r++) {
            int s = start(r);
            t1 = Math.max(t1, s);
            u1 = Math.max(u1, s);
            t2 = Math.max(t2, s);
            u2 = Math.max(u2, s);
            while (t1 > s && value(r, t1 - 1) >= p1) {
                t1--;
            }
            while (u1 > s && value(r, u1 - 1) > p1) {
                u1--;
            }
            while (t2 > s && value(r, t2 - 1) >= p2) {
                t2--;
            }
            while (u2 > s && value(r, u2 - 1) > p2) {
                u2--;
            }
            lt1[r] = t1;
            le1[r] = u1;
            lt2[r] = t2;
            le2[r] = u2;
            n[0] += t1 - s;
            n[1] += u1 - s;
            n[2] += t2 - s;
            n[3] += u2 - s;
        }
        return n;
    }

    /** {@link #count} for the differences rows[r] − cols[c], the hot case, without the Walsh branch. */
    private long[] countDifferences(double p1, double p2, int[] lt1, int[] le1, int[] lt2, int[] le2) {
        double[] a = rows;
        double[] b = cols;
        long n0 = 0;
        long n1 = 0;
        long n2 = 0;
        long n3 = 0;
        int t1 = b.length;
        int u1 = b.length;
        int t2 = b.length;
        int u2 = b.length;
        for (int r = 0; r < a.length; r++) {
            double x = a[r];
            while (t1 > 0 && x - b[t1 - 1] >= p1) {
                t1--;
            }
            while (u1 > 0 && x - b[u1 - 1] > p1) {
                u1--;
            }
            while (t2 > 0 && x - b[t2 - 1] >= p2) {
                t2--;
            }
            while (u2 > 0 && x - b[u2 - 1] > p2) {
                u2--;
            }
            lt1[r] = t1;
            le1[r] = u1;
            lt2[r] = t2;
            le2[r] = u2;
            n0 += t1;
            n1 += u1;
            n2 += t2;
            n3 += u2;
        }
        return new long[] {n0, n1, n2, n3};
    }

    private static void reverse(double[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}

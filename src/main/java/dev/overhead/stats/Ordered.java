package dev.overhead.stats;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * A sample sorted once and shared. One variant's values are ordered by many readers — the summary's
 * median, its interval and the outliers' median and MAD, the drift test's inversion count, the rank
 * comparison's selection over the differences, the Mann-Whitney ranks — and at 10⁶ runs each sort
 * or selection costs more than all the arithmetic around it (docs/performance.md, "Analysis at scale"). Each sample is sorted
 * once, by the merge sort that also counts its inversions, and the last few large samples' sorted
 * forms are remembered, keyed by their values (so a hit is the same answer, whoever asks, and a
 * changed array is a different key).
 *
 * <p>The order is {@link Arrays#sort(double[])}'s: −0.0 before 0.0 (the inputs are finite), so an
 * order statistic read from it is the double {@code Selection.select} or a sort would give.
 */
final class Ordered {
    /** Samples at least this long are remembered; shorter ones are sorted again each time they are asked for. */
    static final int REMEMBER_FROM = 10_000;
    /** A comparison's two samples and their logarithms. */
    private static final int KEEP = 4;

    private Ordered() {}

    /**
     * A sample sorted ascending, and the number of pairs i &lt; j of the sample in run order with
     * x[i] &gt; x[j] (-1 where not counted: a sample whose sorted form was derived from another's).
     * The array is shared: it must not be changed.
     */
    record Sorted(double[] values, long inversions) {}

    private static final class Memo {
        final double[] key; // a copy of the sample, in run order
        final double[] source; // for a derived sample: what it was computed from
        final DoubleUnaryOperator f; // ... and how, value by value, non-decreasing
        Sorted sorted;

        Memo(double[] key, double[] source, DoubleUnaryOperator f, Sorted sorted) {
            this.key = key;
            this.source = source;
            this.f = f;
            this.sorted = sorted;
        }
    }

    private record Key(double[] values, int hash) {
        static Key of(double[] v) {
            return new Key(v, Ordered.hash(v));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && hash == k.hash && Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private static final Map<Key, Memo> RECENT = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Memo> eldest) {
            return size() > KEEP;
        }
    };

    /** The sample sorted, with its inversions where they are known. */
    static Sorted of(double[] v) {
        if (v.length < REMEMBER_FROM) {
            return sort(v);
        }
        Key key = Key.of(v);
        synchronized (RECENT) {
            Memo e = RECENT.get(key);
            if (e != null) {
                return resolve(e);
            }
            Sorted s = sort(v);
            RECENT.put(new Key(v.clone(), key.hash()), new Memo(null, null, null, s));
            return s;
        }
    }

    /** The sample with its inversions counted: sorted again if only a derived order is known. */
    static Sorted withInversions(double[] v) {
        Sorted s = of(v);
        if (s.inversions() >= 0) {
            return s;
        }
        Sorted counted = sort(v);
        synchronized (RECENT) {
            Memo e = RECENT.get(Key.of(v));
            if (e != null) {
                e.sorted = counted;
            }
        }
        return counted;
    }

    /** The sample sorted when it is remembered (or derived from one that is), else null: nothing is sorted. */
    static double[] known(double[] v) {
        if (v.length < REMEMBER_FROM) {
            return null;
        }
        synchronized (RECENT) {
            Memo e = RECENT.get(Key.of(v));
            if (e == null || (e.sorted == null && known(e.source) == null)) {
                return null;
            }
            return resolve(e).values();
        }
    }

    /**
     * Notes that {@code derived[i] = f(source[i])} for a non-decreasing f (a logarithm): its sorted
     * form is then f of the source's, a pass instead of a sort, made when first asked for.
     */
    static void derive(double[] derived, double[] source, DoubleUnaryOperator f) {
        if (derived.length < REMEMBER_FROM) {
            return;
        }
        Key key = Key.of(derived);
        synchronized (RECENT) {
            if (!RECENT.containsKey(key)) {
                RECENT.put(new Key(derived.clone(), key.hash()), new Memo(null, source.clone(), f, null));
            }
        }
    }

    private static Sorted resolve(Memo e) {
        if (e.sorted == null) {
            // f non-decreasing: the source's order is the derived sample's order
            double[] s = of(e.source).values();
            double[] out = new double[s.length];
            for (int i = 0; i < s.length; i++) {
                out[i] = e.f.applyAsDouble(s[i]);
            }
            zerosInOrder(out);
            e.sorted = new Sorted(out, -1);
        }
        return e.sorted;
    }

    /** A cheap hash of a few hundred values spread over the sample; equality checks all of them. */
    private static int hash(double[] v) {
        int h = v.length;
        int step = Math.max(1, v.length / 512);
        for (int i = 0; i < v.length; i += step) {
            h = 31 * h + Double.hashCode(v[i]);
        }
        return h;
    }

    private static Sorted sort(double[] v) {
        double[] s = v.clone();
        long inversions = sortCountingInversions(s);
        zerosInOrder(s);
        return new Sorted(s, inversions);
    }

    /**
     * The merge sort compares numerically, so −0.0 and 0.0 may come out in either order; put them in
     * {@link Arrays#sort}'s (they sit together, between the negatives and the positives).
     */
    private static void zerosInOrder(double[] s) {
        int lo = 0; // the first value not below 0
        int hi = s.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (s[mid] < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int to = lo;
        int negative = 0;
        while (to < s.length && s[to] == 0) {
            if (Double.doubleToRawLongBits(s[to]) != 0) {
                negative++;
            }
            to++;
        }
        Arrays.fill(s, lo, lo + negative, -0.0);
        Arrays.fill(s, lo + negative, to, 0.0);
    }

    /** Sorts v ascending and returns the number of pairs i &lt; j with v[i] &gt; v[j] (bottom-up merge sort). */
    static long sortCountingInversions(double[] v) {
        int n = v.length;
        double[] a = v;
        double[] b = new double[n];
        long inversions = 0;
        // Runs of RUN values sorted by insertion first, counting each step past a larger value: the
        // merge passes over tiny runs are the slowest part of a merge sort.
        final int run = 32;
        for (int lo = 0; lo < n; lo += run) {
            int hi = Math.min(lo + run, n);
            for (int i = lo + 1; i < hi; i++) {
                double x = a[i];
                int j = i;
                while (j > lo && a[j - 1] > x) {
                    a[j] = a[j - 1];
                    j--;
                }
                a[j] = x;
                inversions += i - j;
            }
        }
        for (int width = run; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    if (a[j] < a[i]) {
                        inversions += mid - i; // a[j] is below every value left in the left half
                        b[k++] = a[j++];
                    } else {
                        b[k++] = a[i++];
                    }
                }
                while (i < mid) {
                    b[k++] = a[i++];
                }
                while (j < hi) {
                    b[k++] = a[j++];
                }
            }
            double[] t = a;
            a = b;
            b = t;
        }
        if (a != v) {
            System.arraycopy(a, 0, v, 0, n);
        }
        return inversions;
    }
}

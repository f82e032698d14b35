package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.StudyResult;
import dev.overhead.model.WorkloadResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.ContinuityCorrection;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.apache.commons.statistics.inference.TTest;
import org.junit.jupiter.api.Test;

/**
 * An outside check: the p-values the old benchstat printed for old.txt vs new.txt (golang/perf,
 * v1-legacy testdata), recomputed from our reading of the files with Apache Commons Statistics.
 * benchstat first dropped values outside [Q1 − 1.5·IQR, Q3 + 1.5·IQR] (R-8 quantiles), then ran
 * Mann-Whitney U (oldnew.golden: exact, conditioned on ties, when n ≤ 50 without ties or n ≤ 25
 * with ties; else the normal approximation with tie and continuity correction) or Welch's t
 * (oldnewttest.golden).
 */
class BenchstatAgreementTest {
    private static final Pattern ROW = Pattern.compile("^(\\S+)-8\\s.*\\(p=(\\d\\.\\d{3}) n=(\\d+)\\+(\\d+)\\)");

    @Test
    void mannWhitneyPValuesAgreeToThreeDecimals() {
        int checked = compare("oldnew.golden", (x, y) -> {
            boolean ties = hasTies(x, y);
            int n = x.length + y.length;
            if (ties && n <= 25) {
                return exactWithTies(x, y);
            }
            boolean exact = !ties && n <= 50;
            return MannWhitneyUTest.withDefaults()
                    .with(AlternativeHypothesis.TWO_SIDED)
                    .with(exact ? PValueMethod.EXACT : PValueMethod.ASYMPTOTIC)
                    .with(ContinuityCorrection.ENABLED)
                    .test(x, y)
                    .getPValue();
        });
        assertThat(checked).isEqualTo(72);
    }

    @Test
    void welchPValuesAgreeToThreeDecimals() {
        int checked = compare(
                "oldnewttest.golden",
                (x, y) -> TTest.withDefaults()
                        .with(AlternativeHypothesis.TWO_SIDED)
                        .with(DataDispersion.HETEROSCEDASTIC)
                        .test(x, y)
                        .getPValue());
        assertThat(checked).isEqualTo(72);
    }

    interface PValue {
        double of(double[] x, double[] y);
    }

    private static int compare(String golden, PValue test) {
        StudyResult old = GoBench.read(Resources.text("external/benchstat/v1-legacy/old.txt"), "old.txt");
        StudyResult neu = GoBench.read(Resources.text("external/benchstat/v1-legacy/new.txt"), "new.txt");
        List<String> mismatches = new ArrayList<>();
        int checked = 0;
        String metric = "sec/op";
        for (String line :
                Resources.text("external/benchstat/v1-legacy/" + golden).split("\n")) {
            if (line.contains("old speed")) {
                metric = "B/s";
            }
            Matcher m = ROW.matcher(line);
            if (!m.find()) {
                continue;
            }
            double[] x = withoutOutliers(values(old, m.group(1), metric));
            double[] y = withoutOutliers(values(neu, m.group(1), metric));
            assertThat(x.length + "+" + y.length).as(line).isEqualTo(m.group(3) + "+" + m.group(4));
            double p = test.of(x, y);
            String ours = String.format(java.util.Locale.ROOT, "%.3f", p);
            if (!ours.equals(m.group(2))) {
                mismatches.add(m.group(1) + " " + metric + ": benchstat " + m.group(2) + ", ours " + p);
            }
            checked++;
        }
        assertThat(mismatches).isEmpty();
        return checked;
    }

    private static double[] values(StudyResult study, String name, String metric) {
        WorkloadResult w = study.workloads().stream()
                .filter(x -> x.name().equals(name))
                .findFirst()
                .orElseThrow();
        MetricSpec spec = GoBenchTest.spec(w, metric);
        return w.variants().getFirst().values(spec);
    }

    /** benchstat v1's rule: keep values within [Q1 − 1.5·IQR, Q3 + 1.5·IQR], quartiles by R-8. */
    static double[] withoutOutliers(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        double q1 = r8(s, 0.25);
        double q3 = r8(s, 0.75);
        double lo = q1 - 1.5 * (q3 - q1);
        double hi = q3 + 1.5 * (q3 - q1);
        return Arrays.stream(values).filter(v -> v >= lo && v <= hi).toArray();
    }

    /** Hyndman & Fan (1996) type 8: h = (n + 1/3)p + 1/3, linear between order statistics. */
    static double r8(double[] sorted, double p) {
        int n = sorted.length;
        double h = (n + 1.0 / 3) * p + 1.0 / 3;
        if (h <= 1) {
            return sorted[0];
        }
        if (h >= n) {
            return sorted[n - 1];
        }
        int k = (int) Math.floor(h);
        return sorted[k - 1] + (h - k) * (sorted[k] - sorted[k - 1]);
    }

    /**
     * The exact two-sided Mann-Whitney p-value conditioned on the ties: the distribution of the
     * rank sum of x over every way of choosing |x| of the pooled mid-ranks (a subset-sum count on
     * doubled mid-ranks, which are integers). Commons Statistics 1.2's EXACT method does not
     * condition on ties (it is the untied distribution), so benchstat's p-values for tied samples
     * need this.
     */
    static double exactWithTies(double[] x, double[] y) {
        int m = x.length;
        int n = m + y.length;
        double[] pooled = new double[n];
        System.arraycopy(x, 0, pooled, 0, m);
        System.arraycopy(y, 0, pooled, m, y.length);
        double[] sorted = pooled.clone();
        Arrays.sort(sorted);
        int[] rank2 = new int[n]; // doubled mid-ranks
        for (int i = 0; i < n; i++) {
            int lo = 0;
            while (sorted[lo] < pooled[i]) {
                lo++;
            }
            int hi = lo;
            while (hi + 1 < n && sorted[hi + 1] == pooled[i]) {
                hi++;
            }
            rank2[i] = lo + hi + 2;
        }
        int observed = 0;
        for (int i = 0; i < m; i++) {
            observed += rank2[i];
        }
        int max = Arrays.stream(rank2).sum();
        double[][] ways = new double[m + 1][max + 1];
        ways[0][0] = 1;
        for (int r : rank2) {
            for (int k = m; k >= 1; k--) {
                for (int s = max; s >= r; s--) {
                    ways[k][s] += ways[k - 1][s - r];
                }
            }
        }
        // benchstat (v1 stats.MannWhitneyUTest) takes U = min(U1, U2) and doubles the lower tail of
        // U1's distribution at U; with ties that distribution is not symmetric, so this is not the
        // same as doubling the smaller tail.
        int offset = m * (m + 1); // doubled m(m+1)/2: U1 = R1 - m(m+1)/2
        int u1 = observed - offset;
        int u = Math.min(u1, m * (n - m) * 2 - u1);
        double total = 0, below = 0;
        for (int s = 0; s <= max; s++) {
            total += ways[m][s];
            below += s - offset <= u ? ways[m][s] : 0;
        }
        return Math.min(1, 2 * below / total);
    }

    private static boolean hasTies(double[] x, double[] y) {
        Map<Double, Integer> counts = new LinkedHashMap<>();
        for (double v : x) {
            counts.merge(v, 1, Integer::sum);
        }
        for (double v : y) {
            counts.merge(v, 1, Integer::sum);
        }
        return counts.values().stream().anyMatch(c -> c > 1);
    }
}

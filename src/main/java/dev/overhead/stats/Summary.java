package dev.overhead.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * One sample (one variant, one metric) described: location, spread, two intervals, and what the
 * run order and the outliers say, as warnings (docs/architecture.md, "Conventions"). Nothing is dropped.
 *
 * @param cv              coefficient of variation, sd / mean (NaN when the mean is 0)
 * @param meanLow         Student t interval for the mean at {@code confidence}
 * @param medianLow       distribution-free interval for the median from order statistics (NaN
 *                        when n is too small to reach the confidence: 6 runs at 95%)
 * @param medianCoverage  the coverage that order-statistic interval really has (≥ confidence)
 * @param outliers        indices, in run order, of values with modified z-score beyond 3.5
 */
public record Summary(
        int n,
        double mean,
        double sd,
        double cv,
        double median,
        double min,
        double max,
        double confidence,
        double meanLow,
        double meanHigh,
        double medianLow,
        double medianHigh,
        double medianCoverage,
        List<Integer> outliers,
        List<String> warnings) {

    public Summary {
        outliers = List.copyOf(outliers);
        warnings = List.copyOf(warnings);
    }

    /** Describes the values, which must be given in the order the runs were taken. */
    public static Summary of(double[] valuesInRunOrder, double confidence) {
        double[] x = valuesInRunOrder;
        int n = x.length;
        if (n == 0) {
            throw new IllegalArgumentException("a summary needs at least one value");
        }
        double mean = Robust.mean(x);
        double sd = Math.sqrt(Robust.variance(x));
        double min = x[0];
        double max = x[0];
        for (double v : x) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double meanLow = Double.NaN;
        double meanHigh = Double.NaN;
        if (n >= 2) {
            double q = TDistribution.of(n - 1).inverseSurvivalProbability((1 - confidence) / 2);
            meanLow = mean - q * sd / Math.sqrt(n);
            meanHigh = mean + q * sd / Math.sqrt(n);
        }
        double[] mci = Robust.medianInterval(x, confidence);
        List<Integer> outliers = outliers(x);
        List<String> warnings = new ArrayList<>();
        if (n < 3) {
            warnings.add("only " + n + " run" + (n == 1 ? "" : "s") + ": too few to judge the noise");
        } else if (Double.isNaN(mci[0])) {
            warnings.add(
                    String.format(Locale.ROOT, "need more runs for a %.3g%% interval of the median", confidence * 100));
        }
        if (!outliers.isEmpty()) {
            warnings.add(outliers.size() + " outlier" + (outliers.size() == 1 ? "" : "s")
                    + " (modified z-score > 3.5) at run" + (outliers.size() == 1 ? " " : "s ")
                    + outliers.stream()
                            .map(String::valueOf)
                            .reduce((a, b) -> a + ", " + b)
                            .orElse(""));
        }
        warnings.addAll(RunSequence.warnings(x));
        return new Summary(
                n,
                mean,
                sd,
                mean == 0 ? Double.NaN : sd / mean,
                Robust.median(x),
                min,
                max,
                confidence,
                meanLow,
                meanHigh,
                mci[0],
                mci[1],
                mci[2],
                outliers,
                warnings);
    }

    static List<Integer> outliers(double[] x) {
        List<Integer> out = new ArrayList<>();
        if (x.length < 3) {
            return out;
        }
        Robust.Spread spread = Robust.Spread.of(x); // once, not per value
        for (int i = 0; i < x.length; i++) {
            if (Math.abs(spread.modifiedZ(x[i])) > Robust.OUTLIER_Z) {
                out.add(i);
            }
        }
        return out;
    }
}

package dev.overhead.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Verdicts read together: a headline or a CI gate that shows several metrics says "something got
 * worse" if any one does, so the chance that any shown verdict is a false worse/better must stay
 * at 1 − confidence, not grow with the number of metrics. Holm's step-down procedure (Holm, S.
 * (1979), "A simple sequentially rejective multiple test procedure", Scand. J. Statist. 6) does it
 * without assuming independence: each p-value is adjusted as R's {@code p.adjust(p, "holm")}
 * ({@link PValues#holm}), and a worse or better verdict stands only where its adjusted p-value is
 * at most 1 − confidence. Equivalent and inconclusive verdicts are left as they are (an A/A study
 * that ends equivalent is not wrong). The per-comparison intervals are not changed; call this only
 * for what is shown together, not for every row of a report.
 */
public final class Family {
    private Family() {}

    /** The comparisons shown together, with Holm-adjusted p-values and the verdicts that survive them. */
    public static List<Comparison> holm(List<Comparison> shown, double confidence) {
        double[] p = shown.stream().mapToDouble(Comparison::pValue).toArray();
        double[] adjusted = PValues.holm(p);
        double alpha = 1 - confidence;
        List<Comparison> out = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Comparison c = shown.get(i);
            boolean claim = c.verdict() == Verdict.WORSE || c.verdict() == Verdict.BETTER;
            if (!claim || adjusted[i] <= alpha) {
                out.add(c.withPValue(adjusted[i]));
                continue;
            }
            List<String> warnings = new ArrayList<>(c.warnings());
            warnings.add(String.format(
                    Locale.ROOT,
                    "%s alone, but not with the %d metrics shown together (Holm-adjusted p = %.3g > %.3g)",
                    c.verdict().word(),
                    shown.size(),
                    adjusted[i],
                    alpha));
            out.add(c.withPValue(adjusted[i]).withVerdict(Verdict.INCONCLUSIVE, c.runsNeeded(), warnings));
        }
        return out;
    }
}

package dev.overhead.verdicts;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Family;
import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * What a report may put in its headline, decided here so every format says the same: the primary
 * metric always, another metric only when the primary's verdict is itself {@code worse} or
 * {@code better} and that metric's survives Holm's correction over the metrics shown (a serial
 * gatekeeping procedure: the family-wise error over all of them stays at 1 − confidence; with eight
 * metrics judged one by one, about one A/A study in three headlined a false {@code worse} or
 * {@code better}; bench/headline-sim measures it), and no verdict on a user/sys split the kernel only
 * sampled in ticks.
 */
public final class Highlights {
    private Highlights() {}

    /** The kernel's accounting tick for the user/sys split at HZ=250 (common on x86 distributions). */
    public static final double TICK_S = 0.004;

    /** Below this many ticks, the split into user and sys is too coarse to compare. */
    public static final int FEW_TICKS = 10;

    /**
     * A workload's primary metric: the one asked for where the workload is compared on it, else
     * (another tool's results, which may have no wall time) the first metric it is compared on.
     */
    public static String primaryOf(List<ComparisonRow> rows, String workload, String requested) {
        List<String> metrics = rows.stream()
                .filter(r -> r.workload().equals(workload))
                .map(ComparisonRow::metric)
                .distinct()
                .toList();
        return metrics.contains(requested) || metrics.isEmpty() ? requested : metrics.getFirst();
    }

    /**
     * The comparisons of each workload's primary metric (its profile's or plan's own, else the study's), for every
     * candidate, in the study's order, overall rows left out: what a one-line summary of a study shows.
     */
    public static List<ComparisonRow> primaryRows(StudyResult study) {
        String studyPrimary = study.info().settings().primary();
        List<ComparisonRow> out = new ArrayList<>();
        for (WorkloadResult w : study.workloads()) {
            String metric =
                    primaryOf(study.comparisons(), w.name(), w.workload().primaryOr(studyPrimary));
            for (ComparisonRow r : study.comparisons()) {
                if (!r.overall() && r.workload().equals(w.name()) && r.metric().equals(metric)) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    /**
     * The other metrics a headline shows beside its primary: none unless the primary's own verdict
     * is {@code worse} or {@code better} (the gate), then those of {@code shown} that survive Holm
     * over all of {@code shown}, the primary included; never a user/sys split within ticks.
     */
    public static List<ComparisonRow> secondaries(ComparisonRow primary, List<ComparisonRow> shown, double confidence) {
        Verdict gate = primary.comparison().verdict();
        if (gate != Verdict.WORSE && gate != Verdict.BETTER) {
            return List.of();
        }
        return survivingHolm(shown, confidence).stream()
                .filter(r -> r != primary && !withinTicks(r))
                .toList();
    }

    /**
     * The rows of {@code family} (one workload and candidate, the metrics shown) whose {@code worse}
     * or {@code better} holds after Holm's step-down adjustment at the level {@code 1 − confidence}.
     */
    public static List<ComparisonRow> survivingHolm(List<ComparisonRow> family, double confidence) {
        List<Comparison> judged =
                Family.holm(family.stream().map(ComparisonRow::comparison).toList(), confidence);
        List<ComparisonRow> out = new ArrayList<>();
        for (int i = 0; i < family.size(); i++) {
            Verdict v = judged.get(i).verdict();
            if (v == Verdict.WORSE || v == Verdict.BETTER) {
                out.add(family.get(i));
            }
        }
        return out;
    }

    /**
     * Whether a row compares user or sys time of runs so short that the kernel's tick sampling
     * decides the figures: both central values below {@value #FEW_TICKS} ticks. cpu (their sum) is
     * measured exactly and is not affected.
     */
    public static boolean withinTicks(ComparisonRow row) {
        boolean split = row.metric().equals("user") || row.metric().equals("sys");
        double limit = FEW_TICKS * TICK_S;
        return split
                && "s".equals(row.unit())
                && Math.abs(row.comparison().baselineValue()) < limit
                && Math.abs(row.comparison().candidateValue()) < limit;
    }
}

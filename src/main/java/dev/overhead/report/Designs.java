package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.Run;
import dev.overhead.model.RunColumns;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.report.Table.Align;
import dev.overhead.report.Table.Column;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What the human formats say about a study repeated over builds or boots (docs/statistics.md,
 * levels): how many units each variant's runs came from, the comparisons' units, variance split
 * and units needed (columns the HTML table adds; the text keeps its 80 columns and says the split
 * and units needed in its notes), and one legend sentence naming the design. Counting the units of
 * the runs is all it does; every figure is the analysis's.
 */
final class Designs {
    private Designs() {}

    /** The study's outer level as its runs record it: boots, else builds, else null. */
    static String level(StudyResult study) {
        if (anyRun(study, Run::boot)) {
            return "boots";
        }
        return anyRun(study, Run::build) ? "builds" : null;
    }

    /** {@code " over 3 builds"}: where a variant's runs came from, for the workload's runs line; "" without levels. */
    static String runsOver(String level, VariantResult v) {
        if (level == null) {
            return "";
        }
        int n = units(v, unitOf(level));
        return " over " + n + " " + (n == 1 ? unit(level) : level);
    }

    /**
     * The HTML table's extra columns for these comparisons, row by row: units per variant, the
     * share of the variance between units, and units needed where inconclusive. Null where no
     * comparison rests on builds or boots.
     */
    static Table columns(List<ComparisonRow> rows, Numbers num) {
        String level = rows.stream()
                .map(r -> r.comparison().design())
                .filter(Objects::nonNull)
                .map(Comparison.Design::name)
                .findFirst()
                .orElse(null);
        if (level == null) {
            return null;
        }
        String dash = num.glyphs().dash();
        List<List<String>> cells = new ArrayList<>();
        for (ComparisonRow r : rows) {
            Comparison c = r.comparison();
            Comparison.Design d = c.design();
            if (d == null) {
                cells.add(List.of(dash, dash, dash));
                continue;
            }
            Integer n = d.units().get(d.unit());
            cells.add(List.of(
                    n == null ? dash : n.toString(),
                    Double.isFinite(d.betweenShare()) ? num.plainPct(d.betweenShare() * 100) : "n/a",
                    c.verdict() == Verdict.INCONCLUSIVE && c.runsNeeded() != null ? "about " + c.runsNeeded() : dash));
        }
        return new Table(
                List.of(
                        new Column(level, Align.RIGHT),
                        new Column("between " + level, Align.RIGHT),
                        new Column(level + " needed", Align.RIGHT)),
                cells);
    }

    /**
     * The legend's sentence on the design, or null where the runs record neither builds nor boots:
     * how many units each variant had and that the intervals are over them.
     */
    static String sentence(StudyResult study) {
        String level = level(study);
        if (level == null || study.comparisons().isEmpty()) {
            return null;
        }
        TreeSet<Integer> counts = new TreeSet<>();
        for (WorkloadResult w : study.workloads()) {
            for (VariantResult v : w.variants()) {
                counts.add(units(v, unitOf(level)));
            }
        }
        String each = counts.size() == 1
                ? counts.first() + " " + (counts.first() == 1 ? unit(level) : level)
                : counts.first() + " to " + counts.last() + " " + level;
        String why = level.equals("boots")
                ? "the runs of one boot share its memory layout and what it left in caches"
                : "the runs of one build share its code layout";
        if (counts.last() < 2) {
            return "Design: each variant ran in " + each + "; with one " + unit(level)
                    + " per variant the intervals are over runs and leave out the variation between " + level
                    + ".";
        }
        return "Design: each variant ran in " + each + " (" + why + "); the intervals are over " + level
                + ", not runs, and what would settle an inconclusive verdict is counted in " + level + ".";
    }

    private static String unit(String level) {
        return level.substring(0, level.length() - 1);
    }

    private static Function<Run, Integer> unitOf(String level) {
        return level.equals("boots") ? Run::boot : Run::build;
    }

    private static int units(VariantResult v, Function<Run, Integer> unitOf) {
        return (int) v.runs().stream()
                .map(unitOf)
                .filter(Objects::nonNull)
                .distinct()
                .count();
    }

    private static boolean anyRun(StudyResult study, Function<Run, Integer> f) {
        // Runs read from a sample file as columns have a build or boot only where its columns gave them:
        // not made one by one for nothing (at 10⁶ runs a variant, making each run to ask took a third of
        // compare's time).
        return study.workloads().stream()
                .flatMap(w -> w.variants().stream())
                .map(VariantResult::runs)
                .filter(runs -> !(runs instanceof RunColumns c) || c.hasBuildsOrBoots())
                .flatMap(List::stream)
                .anyMatch(r -> f.apply(r) != null);
    }
}

package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Verdict;
import dev.overhead.verdicts.Highlights;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A workload's notes as a short list: each distinct note once, after the metrics it concerns
 * (with the candidate where there are several), the runs that would settle the inconclusive ones in
 * one line, and what is not shown.
 */
final class Notes {
    private final Glyphs g;
    private final boolean nameCandidates;
    private final Map<String, Set<String>> notes = new LinkedHashMap<>();
    private final List<String> settle = new ArrayList<>();
    private final List<String> settleUnits = new ArrayList<>();
    private final Set<String> ticks = new LinkedHashSet<>();
    private final List<String> hidden = new ArrayList<>();

    Notes(Glyphs g, boolean nameCandidates) {
        this.g = g;
        this.nameCandidates = nameCandidates;
    }

    void comparison(String metric, String candidate, ComparisonRow row) {
        String who = nameCandidates ? metric + " (" + candidate + ")" : metric;
        if (Highlights.withinTicks(row)) {
            ticks.add(metric);
            return; // its warnings are moot: no verdict is given
        }
        Comparison c = row.comparison();
        for (String w : c.warnings()) {
            notes.computeIfAbsent(g.text(w), k -> new LinkedHashSet<>()).add(who);
        }
        if (c.verdict() == Verdict.INCONCLUSIVE && c.runsNeeded() != null) {
            if (c.design() != null) { // counted in builds or boots, not runs
                settleUnits.add("about " + c.runsNeeded() + " " + c.design().name() + " for " + who);
            } else {
                settle.add((settle.isEmpty() ? "about " : "") + c.runsNeeded() + " for " + who);
            }
        }
    }

    void hidden(List<String> metrics) {
        hidden.addAll(metrics);
    }

    List<String> lines() {
        List<String> out = new ArrayList<>();
        notes.forEach((note, who) -> out.add(String.join(", ", who) + ": " + note));
        if (!settle.isEmpty()) {
            out.add("runs per variant that would likely settle the inconclusive: " + String.join(", ", settle));
        }
        if (!settleUnits.isEmpty()) {
            out.add("units per variant that would likely settle the inconclusive: " + String.join(", ", settleUnits));
        }
        if (!ticks.isEmpty()) {
            out.add(String.join(", ", ticks) + ": each run's figure is within " + Highlights.FEW_TICKS
                    + " ticks of " + Math.round(Highlights.TICK_S * 1000)
                    + " ms, the steps in which the kernel splits cpu time into user and sys: no verdict on"
                    + " the split (cpu, their sum, is exact)");
        }
        if (!hidden.isEmpty()) {
            out.add("not shown, no decisive verdict: " + String.join(", ", hidden) + " (--metrics all shows them)");
        }
        return out.stream().map(g::text).toList();
    }
}

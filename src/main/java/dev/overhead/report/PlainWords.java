package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The summary read out in plain words, for the mail a reviewer reads first: the primary rows grouped
 * by what the summary says of them (a real cost, a real gain, no difference that matters, not yet
 * told apart from the noise), then the geometric mean over the workloads. It reads the summary's own
 * cells and verdicts, so it says what the table says, whatever correction decided those verdicts;
 * it computes nothing.
 */
final class PlainWords {
    private PlainWords() {}

    /** One summary row: who, on what, and the figures as the table shows them. */
    private record Line(
            String workload,
            String candidate,
            String metric,
            String change,
            Verdict verdict,
            boolean overall,
            Integer runsNeeded) {
        /** The change alone: its interval is in the table right above. */
        String figures() {
            return metric + " " + change;
        }
    }

    /** The paragraph, starting {@code In plain words:}; empty where the summary has no verdict to read. */
    static String paragraph(Digest.Overview overview, String thresholdText, Glyphs g) {
        if (overview == null) {
            return "";
        }
        List<Line> lines = lines(overview, g);
        List<String> sentences = new ArrayList<>();
        List<Line> worse = select(lines, Verdict.WORSE, false);
        List<Line> better = select(lines, Verdict.BETTER, false);
        List<Line> same = select(lines, Verdict.EQUIVALENT, false);
        List<Line> open = select(lines, Verdict.INCONCLUSIVE, false);
        if (!worse.isEmpty()) {
            sentences.add((worse.size() == 1 ? "A real cost: " : "Real costs: ") + each(worse) + ".");
        }
        if (!better.isEmpty()) {
            sentences.add(
                    (better.size() == 1 ? "A real gain, worth a second look: " : "Real gains, worth a second look: ")
                            + each(better) + ".");
        }
        if (!same.isEmpty()) {
            sentences.add("No difference that matters (the whole interval within " + thresholdText + "): "
                    + byCandidate(same) + ".");
        }
        if (!open.isEmpty()) {
            sentences.add("Not yet told apart from the noise: " + byCandidate(open) + runsNeeded(open) + ".");
        }
        List<Line> overall =
                lines.stream().filter(l -> l.overall() && l.verdict() != null).toList();
        if (!overall.isEmpty()) {
            Map<Verdict, List<String>> byOutcome = new LinkedHashMap<>();
            for (Line l : overall) {
                byOutcome.computeIfAbsent(l.verdict(), k -> new ArrayList<>()).add(l.candidate() + " " + l.change());
            }
            List<String> parts = new ArrayList<>();
            byOutcome.forEach((v, cs) -> parts.add(and(cs) + ", " + outcome(v, cs.size() > 1)));
            sentences.add("Over all workloads (geometric mean of "
                    + overall.getFirst().metric() + "): " + String.join("; ", parts) + ".");
        }
        if (sentences.isEmpty()) {
            return "";
        }
        return "In plain words: " + String.join(" ", sentences);
    }

    private static String outcome(Verdict v, boolean many) {
        return switch (v) {
            case WORSE -> many ? "real costs" : "a real cost";
            case BETTER -> many ? "real gains" : "a real gain";
            case EQUIVALENT -> "no difference that matters";
            case INCONCLUSIVE -> "not yet told apart from the noise";
        };
    }

    /** {@code perturb on sort (wall ×3.69 [×2.72, ×5.01]) and gzip (…); strace on ls-lR (…)}: by candidate. */
    private static String each(List<Line> lines) {
        Map<String, List<String>> byCandidate = new LinkedHashMap<>();
        for (Line l : lines) {
            byCandidate
                    .computeIfAbsent(l.candidate(), k -> new ArrayList<>())
                    .add(l.workload() + " (" + l.figures() + ")");
        }
        List<String> parts = new ArrayList<>();
        byCandidate.forEach((c, ws) -> parts.add(c + " on " + and(ws)));
        return String.join("; ", parts);
    }

    /** {@code perturb on ls-lR and gzip, tcache-off on sort}: one entry per candidate, workloads in order. */
    private static String byCandidate(List<Line> lines) {
        Map<String, List<String>> workloads = new LinkedHashMap<>();
        for (Line l : lines) {
            List<String> ws = workloads.computeIfAbsent(l.candidate(), k -> new ArrayList<>());
            if (!l.workload().isEmpty()) {
                ws.add(l.workload());
            }
        }
        List<String> parts = new ArrayList<>();
        workloads.forEach((c, ws) -> parts.add(ws.isEmpty() ? c : c + " on " + and(ws)));
        return String.join("; ", parts);
    }

    private static String runsNeeded(List<Line> open) {
        OptionalInt low = open.stream()
                .filter(l -> l.runsNeeded() != null)
                .mapToInt(Line::runsNeeded)
                .min();
        OptionalInt high = open.stream()
                .filter(l -> l.runsNeeded() != null)
                .mapToInt(Line::runsNeeded)
                .max();
        if (low.isEmpty()) {
            return "";
        }
        boolean one = open.size() == 1;
        String count = low.getAsInt() == high.getAsInt()
                ? "about " + low.getAsInt()
                : "about " + low.getAsInt() + " to " + high.getAsInt();
        return " (" + count + " runs per variant would likely settle " + (one ? "it" : "them") + ")";
    }

    private static String and(List<String> parts) {
        if (parts.size() <= 1) {
            return String.join("", parts);
        }
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.getLast();
    }

    private static List<Line> select(List<Line> lines, Verdict v, boolean overall) {
        return lines.stream()
                .filter(l -> l.overall() == overall && l.verdict() == v)
                .toList();
    }

    /** The summary's primary rows (not the other metrics listed under them), blank cells filled from above. */
    private static List<Line> lines(Digest.Overview o, Glyphs g) {
        Table t = o.table();
        int metric = o.withCandidate() ? 2 : 1;
        String workload = "";
        List<Line> out = new ArrayList<>();
        for (int i = 0; i < t.rows().size(); i++) {
            List<String> cells = t.rows().get(i);
            ComparisonRow r = o.rows().get(i);
            if (!cells.getFirst().isBlank()) {
                workload = cells.getFirst();
            }
            if (o.secondary().get(i)) {
                continue;
            }
            out.add(new Line(
                    r.overall() ? "" : workload,
                    g.text(r.candidate()), // the name itself: the table may show a letter for it
                    cells.get(metric),
                    cells.get(metric + 1),
                    o.verdicts().get(i),
                    r.overall(),
                    r.comparison().runsNeeded()));
        }
        return out;
    }
}

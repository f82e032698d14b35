package dev.overhead.report;

import dev.overhead.stats.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One line of live progress for the run loop, as a pure function of where the study is; the loop
 * owns the terminal (carriage returns, clearing) and calls this with the terminal's width.
 *
 * <pre>[######------] hardened  run 12/40  0:42 elapsed  ~1:30 left  ±1.2%  inconclusive  [-0.4%, +2.9%]</pre>
 *
 * When the width is short, the parts the eye needs least go first: the bar, then the spread, the
 * time left, the elapsed time, the variant's name.
 */
public final class ProgressLine {
    private ProgressLine() {}

    /**
     * @param runIndex       runs done so far (shown as is: pass 1 after the first run)
     * @param runsTotal      runs planned; 0 or less when unknown (adaptive stopping without a maximum)
     * @param estimatedLeft  null when not yet known
     * @param spreadPct      relative spread of the primary metric so far; NaN when not yet known
     * @param currentVerdict null before there is one
     * @param intervalPct    the current interval of the change behind {@code currentVerdict} in percent
     *                       ({@code [low, high]}), shown after it; null when there is none yet
     */
    public static String render(
            String variant,
            int runIndex,
            int runsTotal,
            Duration elapsed,
            Duration estimatedLeft,
            double spreadPct,
            Verdict currentVerdict,
            double[] intervalPct,
            int width,
            boolean ascii) {
        Glyphs g = new Glyphs(ascii);
        String name = g.text(variant == null ? "" : variant.replaceAll("\\s+", " "));
        String count = "run " + runIndex + (runsTotal > 0 ? "/" + runsTotal : "");
        String spent = elapsed == null ? null : clock(elapsed) + " elapsed";
        String left = estimatedLeft == null ? null : "~" + clock(estimatedLeft) + " left";
        String spread = Double.isFinite(spreadPct)
                ? g.pm() + String.format(Locale.ROOT, spreadPct >= 9.95 ? "%.0f%%" : "%.1f%%", spreadPct)
                : null;
        String verdict = currentVerdict == null ? null : currentVerdict.word();
        String interval = currentVerdict == null
                        || intervalPct == null
                        || intervalPct.length != 2
                        || !Double.isFinite(intervalPct[0])
                        || !Double.isFinite(intervalPct[1])
                ? null
                : String.format(Locale.ROOT, "[%+.1f%%, %+.1f%%]", intervalPct[0], intervalPct[1])
                        .replace("-", g.minus());

        // Parts in order of display, and the order they are dropped in when space is short.
        List<String> parts =
                new ArrayList<>(java.util.Arrays.asList(name, count, spent, left, spread, verdict, interval));
        int[] dropOrder = {6, 4, 3, 2, 0, 5};
        int w = Math.max(1, width);
        String line = join(parts);
        for (int i = 0; i < dropOrder.length && Glyphs.width(line) > w; i++) {
            parts.set(dropOrder[i], null);
            line = join(parts);
        }
        int room = w - Glyphs.width(line) - 1;
        if (runsTotal > 0 && room >= 7) {
            return bar(runIndex, runsTotal, Math.min(room, 32), g) + " " + line;
        }
        return Glyphs.width(line) <= w ? line : g.truncate(line, w);
    }

    private static String join(List<String> parts) {
        return String.join(
                "  ", parts.stream().filter(p -> p != null && !p.isEmpty()).toList());
    }

    /** {@code [####----]} with {@code width} columns in all. */
    private static String bar(int done, int total, int width, Glyphs g) {
        int inner = Math.max(1, width - 2);
        int filled = total <= 0 ? 0 : (int) Math.min(inner, Math.round((double) done / total * inner));
        String full = g.ascii() ? "#" : "█";
        String empty = g.ascii() ? "-" : "░";
        return "[" + full.repeat(filled) + empty.repeat(inner - filled) + "]";
    }

    /** {@code 0:42}, {@code 12:05}, {@code 1:02:03}. */
    static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        long h = s / 3600;
        long m = (s % 3600) / 60;
        long sec = s % 60;
        return h > 0
                ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, sec)
                : String.format(Locale.ROOT, "%d:%02d", m, sec);
    }
}

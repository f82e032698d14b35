package dev.overhead.why;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text {@code perf script -F comm,tid,period,event,ip,sym,dso} prints, streaming, into a
 * {@link RunProfile}. perf itself decodes perf.data (its format changes between versions); this only
 * reads perf's stable text: a header line per sample, then with call graphs one line per frame, leaf
 * first, and a blank line. Without call graphs the one frame stands at the end of the header line.
 */
public final class PerfScript {
    private PerfScript() {}

    /** The fields asked of perf script; the parser expects exactly these. */
    public static final String FIELDS = "comm,tid,period,event,ip,sym,dso";

    /** Call chains deeper than this are cut at the root side (the leaf is what counts for self time). */
    static final int MAX_DEPTH = 128;

    // comm may hold spaces; tid, period and the event name end the header
    private static final Pattern HEADER = Pattern.compile("^(.*?)\\s+(\\d+)\\s+(\\d+)\\s+([\\w:.\\-/]+):(.*)$");
    // the symbol may hold spaces and parentheses (C++); the DSO is the last parenthesised group
    private static final Pattern FRAME = Pattern.compile("^\\s*([0-9a-fA-F]+)\\s+(.*)\\s+\\((.*)\\)\\s*$");

    /** A frame line's parts, or null when the line is no frame. */
    static Frame frame(String line) {
        Matcher m = FRAME.matcher(line);
        if (!m.matches()) {
            return null;
        }
        String hex = m.group(1);
        // kernel addresses have the top bit set: 16 hex digits starting at 8 or above
        boolean kernel = hex.length() == 16 && Character.digit(hex.charAt(0), 16) >= 8;
        String symbol = m.group(2).strip();
        return new Frame(symbol.isEmpty() ? "[unknown]" : symbol, m.group(3).strip(), kernel);
    }

    /** Reads every sample; lines that are neither a header nor a frame are passed over. */
    public static RunProfile read(BufferedReader in) {
        Builder b = new Builder();
        long period = -1;
        List<Frame> chain = new ArrayList<>();
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    if (period >= 0) {
                        b.add(period, chain);
                    }
                    period = -1;
                    chain = new ArrayList<>();
                    continue;
                }
                if (period >= 0 && Character.isWhitespace(line.charAt(0))) {
                    Frame f = frame(line);
                    if (f != null && chain.size() < MAX_DEPTH) {
                        chain.add(f);
                    }
                    continue;
                }
                Matcher h = HEADER.matcher(line);
                if (!h.matches()) {
                    continue;
                }
                if (period >= 0) { // a header right after a header: the last sample had no blank line after it
                    b.add(period, chain);
                    chain = new ArrayList<>();
                }
                period = Long.parseLong(h.group(3));
                String rest = h.group(5);
                if (!rest.isBlank()) { // no call graph: the one frame is on the header line
                    Frame f = frame(rest);
                    if (f != null) {
                        chain.add(f);
                    }
                    b.add(period, chain);
                    period = -1;
                    chain = new ArrayList<>();
                }
            }
            if (period >= 0) {
                b.add(period, chain);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.build();
    }

    private static final class Builder {
        long samples;
        long total;
        final Map<String, Long> bySymbol = new HashMap<>();
        final Map<String, Long> byDso = new HashMap<>();
        final Map<String, Long> byMode = new HashMap<>();
        final Map<String, Long> stacks = new HashMap<>();

        void add(long period, List<Frame> chain) {
            samples++;
            total += period;
            Frame leaf = chain.isEmpty() ? new Frame("[unknown]", "[unknown]", false) : chain.getFirst();
            bySymbol.merge(Roles.key(leaf), period, Long::sum);
            byDso.merge(leaf.dsoName(), period, Long::sum);
            byMode.merge(leaf.kernel() ? "kernel" : "user", period, Long::sum);
            StringBuilder folded = new StringBuilder();
            for (int i = chain.size() - 1; i >= 0; i--) {
                if (!folded.isEmpty()) {
                    folded.append(';');
                }
                folded.append(chain.get(i).symbol().replace(';', ':'));
            }
            stacks.merge(folded.isEmpty() ? "[unknown]" : folded.toString(), period, Long::sum);
        }

        RunProfile build() {
            return new RunProfile(samples, total, bySymbol, byDso, byMode, stacks);
        }
    }
}

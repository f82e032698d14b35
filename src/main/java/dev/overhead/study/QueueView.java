package dev.overhead.study;

import dev.overhead.store.Queue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** {@code overhead queue} as text: pure, from the queue's entries and the time it is shown at. */
public final class QueueView {
    private QueueView() {}

    /** A table of the queue, oldest first, then a line on what to do with stalled studies. */
    public static String render(List<Queue.Entry> entries, Instant now) {
        if (entries.isEmpty()) {
            return "nothing is queued: 'overhead submit' queues a plan for machines.\n";
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"ID", "STATE", "MACHINE", "LABEL", "CLAIMED BY", "HEARTBEAT", "RUNS", "STUDY"});
        boolean stalled = false;
        for (Queue.Entry e : entries) {
            stalled |= e.state() == Queue.State.STALLED;
            rows.add(new String[] {
                e.id(),
                e.state().word(),
                e.machine(),
                e.label() == null ? "" : e.label(),
                e.claimedBy() == null ? "-" : e.claimedBy(),
                e.lastHeartbeat() == null ? "-" : ago(Duration.between(e.lastHeartbeat(), now)),
                e.study() == null ? "-" : Integer.toString(e.runs()),
                e.study() == null ? "-" : e.study()
            });
        }
        int[] width = new int[rows.getFirst().length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                line.append(i == r.length - 1 ? r[i] : pad(r[i], width[i] + 2));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        if (stalled) {
            out.append("stalled: its agent stopped heartbeating; start that machine's agent again to resume it, or"
                    + " 'overhead queue cancel ID' to drop it.\n");
        }
        return out.toString();
    }

    /** "4s ago", "3m ago", "2h ago", "5d ago". */
    static String ago(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 120) {
            return s + "s ago";
        }
        if (s < 7200) {
            return s / 60 + "m ago";
        }
        if (s < 172_800) {
            return s / 3600 + "h ago";
        }
        return s / 86_400 + "d ago";
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}

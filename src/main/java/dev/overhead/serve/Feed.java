package dev.overhead.serve;

import dev.overhead.model.StudyResult;
import dev.overhead.report.HtmlRenderer;
import dev.overhead.verdicts.History;
import dev.overhead.verdicts.Regressions;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * {@code /feed.atom} (docs/team.md): an Atom feed (RFC 4287) of the stored studies whose primary metric is
 * {@code worse}, newest first, one entry per study with its regressions, so a feed reader or a chat bridge
 * tells the team. Pure: from the judged studies to the XML.
 */
final class Feed {
    private Feed() {}

    /** The newest studies looked at; older regressions have been told already. */
    static final int LOOKED_AT = 200;

    static final String TYPE = "application/atom+xml; charset=utf-8";

    /** @param studies judged studies, newest first */
    static String render(List<StudyResult> studies) {
        StringBuilder entries = new StringBuilder();
        Instant updated = null;
        for (StudyResult s : studies) {
            List<Regressions.Regression> regressions = Regressions.of(s);
            if (regressions.isEmpty()) {
                continue;
            }
            Instant at = s.info().created() == null ? Instant.EPOCH : s.info().created();
            if (updated == null || at.isAfter(updated)) {
                updated = at;
            }
            String name = s.info().label() == null || s.info().label().isBlank()
                    ? s.info().id()
                    : s.info().label();
            String machine = History.machineOf(s);
            StringBuilder summary = new StringBuilder();
            for (Regressions.Regression r : regressions) {
                summary.append(r.candidate())
                        .append(" vs ")
                        .append(r.baseline())
                        .append(" on ")
                        .append(r.workload())
                        .append(", ")
                        .append(r.metric())
                        .append(": ")
                        .append(pct(r.changePct()))
                        .append(" [")
                        .append(pct(r.ciLowPct()))
                        .append(", ")
                        .append(pct(r.ciHighPct()))
                        .append("] worse\n");
            }
            String commit = s.environment().get("commit") instanceof String c ? c : null;
            entries.append("  <entry>\n")
                    .append("    <id>urn:overhead:study:")
                    .append(x(s.info().id()))
                    .append("</id>\n")
                    .append("    <title>")
                    .append(x(name + (machine.isEmpty() ? "" : " on " + machine) + ": " + regressions.size()
                            + (regressions.size() == 1 ? " regression" : " regressions")
                            + (commit == null ? "" : " at " + commit.substring(0, Math.min(12, commit.length())))))
                    .append("</title>\n")
                    .append("    <updated>")
                    .append(at)
                    .append("</updated>\n")
                    .append("    <link rel=\"alternate\" type=\"text/html\" href=\"/study/")
                    .append(x(s.info().id()))
                    .append("\"/>\n")
                    .append("    <summary type=\"text\">")
                    .append(x(summary.toString().strip()))
                    .append("</summary>\n")
                    .append("  </entry>\n");
        }
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                + "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
                + "  <id>urn:overhead:regressions</id>\n"
                + "  <title>overhead: regressions</title>\n"
                + "  <updated>" + (updated == null ? Instant.EPOCH : updated) + "</updated>\n"
                + "  <author><name>overhead</name></author>\n"
                + "  <link rel=\"self\" href=\"/feed.atom\"/>\n"
                + entries
                + "</feed>\n";
    }

    private static String pct(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%+.2f%%", v) : "n/a";
    }

    /** XML text: escaped, and without the control characters XML 1.0 has no place for. */
    private static String x(String s) {
        return HtmlRenderer.escape(s.replaceAll("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F]", "\uFFFD"));
    }
}

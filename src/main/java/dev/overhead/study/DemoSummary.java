package dev.overhead.study;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The demo's closing paragraph: each verdict on the primary metric, read out in plain words. */
public final class DemoSummary {
    private DemoSummary() {}

    /** From the study's JSON (docs/cli.md): one sentence per workload and candidate, then what to make of them. */
    public static String paragraph(JsonNode root, String primary) {
        List<String> sentences = new ArrayList<>();
        int costs = 0;
        int open = 0;
        // the summary's rows, with the verdicts it shows (one family, issue 28.3); a file without one, the comparisons
        JsonNode rows = root.path("summary").isArray() && !root.path("summary").isEmpty()
                ? root.path("summary")
                : root.path("comparisons");
        for (JsonNode c : rows) {
            String workload = c.path("workload").asText();
            if (!c.path("metric").asText().equals(primary)
                    || c.path("overall").asBoolean()
                    || workload.equals("geomean")) {
                continue;
            }
            JsonNode needed = runsNeeded(root, c);
            String who = c.path("candidate").asText();
            String interval = String.format(
                    Locale.ROOT,
                    "%+.1f%% to %+.1f%%",
                    c.path("ci_low_pct").asDouble(),
                    c.path("ci_high_pct").asDouble());
            String change = String.format(
                    Locale.ROOT, "%.1f%%", Math.abs(c.path("change_pct").asDouble()));
            String sentence = switch (c.path("verdict").asText()) {
                case "worse" -> {
                    costs++;
                    if (c.path("change_pct").asDouble() > 100) { // beyond +100% a ratio reads right, a percentage not
                        yield String.format(
                                Locale.ROOT,
                                "On %s, %s makes %s time %.3g times as long (interval %.3g to %.3g times): a real"
                                        + " cost.",
                                workload,
                                who,
                                primary,
                                1 + c.path("change_pct").asDouble() / 100,
                                1 + c.path("ci_low_pct").asDouble() / 100,
                                1 + c.path("ci_high_pct").asDouble() / 100);
                    }
                    yield "On " + workload + ", " + who + " costs " + change + " of " + primary + " time (interval "
                            + interval + "): a real cost.";
                }
                case "better" ->
                    "On " + workload + ", " + who + " is " + change + " faster (" + interval
                            + "): a real gain, worth a second look.";
                case "equivalent" ->
                    "On " + workload + ", " + who + " makes no difference that matters: the whole interval (" + interval
                            + ") lies within the threshold.";
                default -> {
                    open++;
                    yield "On " + workload + ", " + who + " cannot be told apart from the noise yet (" + interval
                            + ")"
                            + (needed.isNumber()
                                    ? "; about " + needed.asInt() + " runs per variant would settle it."
                                    : ".");
                }
            };
            sentences.add(sentence);
        }
        if (sentences.isEmpty()) {
            return "";
        }
        sentences.add(
                costs == 0
                        ? "None of these changes has a cost this study could prove."
                        : costs + " of these " + (sentences.size())
                                + " comparisons show a cost larger than the noise; that the cost depends on the"
                                + " workload is why one study measures several.");
        if (open > 0) {
            sentences.add("A longer --time-budget gives the open questions their answer.");
        }
        return wrap("In plain words: " + String.join(" ", sentences), 80);
    }

    /** The runs per variant the comparison behind a summary row says would settle it. */
    private static JsonNode runsNeeded(JsonNode root, JsonNode row) {
        for (JsonNode c : root.path("comparisons")) {
            if (c.path("workload").asText().equals(row.path("workload").asText())
                    && c.path("candidate").asText().equals(row.path("candidate").asText())
                    && c.path("metric").asText().equals(row.path("metric").asText())
                    && !c.path("overall").asBoolean()) {
                return c.path("runs_needed");
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    /** Lines of at most {@code width} characters, broken between words. */
    public static String wrap(String text, int width) {
        StringBuilder out = new StringBuilder();
        int column = 0;
        for (String word : text.split(" ")) {
            if (column > 0 && column + 1 + word.length() > width) {
                out.append('\n');
                column = 0;
            } else if (column > 0) {
                out.append(' ');
                column++;
            }
            out.append(word);
            column += word.length();
        }
        return out.append('\n').toString();
    }
}

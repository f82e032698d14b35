package dev.overhead.interop;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The fields of a JSON result file read with their types checked (docs/reliability.md, third battery,
 * case 12): a string where a number belongs, a fraction where a count belongs, a negative time, were
 * read as 0, cut to a whole number or kept, and the file imported with exit 0. Each refusal names the
 * file, the line and the field's place ({@code workloads[0].variants[1].runs[3].minor_faults}).
 *
 * <p>The tree Jackson reads keeps no lines, so the line of a fault is found afterwards by reading the
 * text once more as a stream up to that place; that costs only where something is refused.
 */
final class JsonFields {
    private final String text;
    private final String source;

    JsonFields(String text, String source) {
        this.text = text;
        this.source = source;
    }

    /** A refusal of the value at this place, with what it should have been. */
    FormatException wrong(JsonNode value, String place, String expected) {
        return new FormatException("%s line %d: %s is %s, not %s; fix or remove it (is the file damaged?)."
                .formatted(source, line(place), place, shown(value), expected));
    }

    /** A refusal with a sentence of its own about the value at this place. */
    FormatException refuse(String place, String sentence) {
        return new FormatException("%s line %d: %s %s".formatted(source, line(place), place, sentence));
    }

    /** The node at {@code field} of an object, checked to be an array (missing or null: none). */
    JsonNode array(JsonNode parent, String field, String place) {
        JsonNode n = parent.path(field);
        if (n.isMissingNode() || n.isNull()) {
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }
        if (!n.isArray()) {
            throw wrong(n, join(place, field), "a list");
        }
        return n;
    }

    /** An object, or missing; anything else refused. */
    JsonNode object(JsonNode n, String place) {
        if (!n.isMissingNode() && !n.isNull() && !n.isObject()) {
            throw wrong(n, place, "an object");
        }
        return n;
    }

    /** A string where one belongs (an element of a list, a value of a map). */
    String text(JsonNode n, String place) {
        if (!n.isTextual()) {
            throw wrong(n, place, "a string");
        }
        return n.asText();
    }

    /** A string field (missing or null: {@code fallback}). */
    String string(JsonNode parent, String field, String place, String fallback) {
        JsonNode n = parent.path(field);
        if (n.isMissingNode() || n.isNull()) {
            return fallback;
        }
        if (!n.isTextual()) {
            throw wrong(n, join(place, field), "a string");
        }
        return n.asText();
    }

    /** A whole number that fits an int (missing or null: {@code fallback}). */
    Integer integer(JsonNode parent, String field, String place, Integer fallback) {
        JsonNode n = parent.path(field);
        if (n.isMissingNode() || n.isNull()) {
            return fallback;
        }
        if (!n.isNumber() || !n.canConvertToExactIntegral() || !n.canConvertToInt()) {
            throw wrong(n, join(place, field), "a whole number");
        }
        return n.asInt();
    }

    /** true or false (missing or null: {@code fallback}). */
    boolean bool(JsonNode parent, String field, String place, boolean fallback) {
        JsonNode n = parent.path(field);
        if (n.isMissingNode() || n.isNull()) {
            return fallback;
        }
        if (!n.isBoolean()) {
            throw wrong(n, join(place, field), "true or false");
        }
        return n.asBoolean();
    }

    /** A time and date in ISO-8601 (missing or null: null). */
    Instant instant(JsonNode parent, String field, String place) {
        String s = string(parent, field, place, null);
        if (s == null) {
            return null;
        }
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            throw wrong(parent.path(field), join(place, field), "a time in ISO-8601 such as 2026-12-04T21:50:13Z");
        }
    }

    /** A finite number, at least 0 where {@code nonNegative} (missing: 0). */
    double number(JsonNode parent, String field, String place, boolean nonNegative) {
        JsonNode n = parent.path(field);
        if (n.isMissingNode()) {
            return 0;
        }
        return number(n, join(place, field), nonNegative);
    }

    double number(JsonNode n, String place, boolean nonNegative) {
        if (!n.isNumber() || !Double.isFinite(n.asDouble())) {
            throw wrong(n, place, "a finite number");
        }
        double x = n.asDouble();
        if (nonNegative && x < 0) {
            throw refuse(place, "is " + n + ", but a time, size or count cannot be negative; fix or remove that run.");
        }
        return x;
    }

    /**
     * A count of one run (faults, context switches, blocks, KiB): a whole number of at least 0
     * (missing: 0). A fraction is refused, not rounded: a run counts whole events, and means of
     * per-iteration counts belong in a sample CSV, which keeps them as they are.
     */
    long count(JsonNode parent, String field, String place) {
        JsonNode n = parent.path(field);
        if (n.isMissingNode()) {
            return 0;
        }
        double x = number(n, join(place, field), true);
        if (x != Math.rint(x) || x > 9.007199254740992E15) {
            throw refuse(
                    join(place, field),
                    "is " + n + ", not a whole number: one run counts whole events; give means of counts in a"
                            + " sample CSV (workload,variant,metric,value), which keeps them as they are.");
        }
        return (long) x;
    }

    static String join(String place, String field) {
        return place.isEmpty() ? field : place + "." + field;
    }

    static String index(String place, int i) {
        return place + "[" + i + "]";
    }

    private static String shown(JsonNode n) {
        String s = n.toString();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    /** The line of the value at a place such as {@code workloads[0].name}, or 0 where it cannot be found. */
    int line(String place) {
        JsonPointer target = JsonPointer.compile(pointer(place));
        try (JsonParser p = new JsonFactory().createParser(text)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME) {
                    continue;
                }
                if (p.getParsingContext().pathAsPointer().equals(target)
                        || (t.isStructStart()
                                && p.getParsingContext().getParent() != null
                                && p.getParsingContext()
                                        .getParent()
                                        .pathAsPointer()
                                        .equals(target))) {
                    return p.currentTokenLocation().getLineNr();
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return 0;
    }

    /** {@code workloads[0].name} as a JSON pointer, {@code /workloads/0/name}. */
    static String pointer(String place) {
        StringBuilder out = new StringBuilder();
        for (String part : place.split("\\.")) {
            int bracket = part.indexOf('[');
            String name = bracket < 0 ? part : part.substring(0, bracket);
            if (!name.isEmpty()) {
                out.append('/').append(name.replace("~", "~0").replace("/", "~1"));
            }
            if (bracket >= 0) {
                for (String i : part.substring(bracket + 1, part.length() - 1).split("\\]\\[")) {
                    out.append('/').append(i);
                }
            }
        }
        return out.toString();
    }
}

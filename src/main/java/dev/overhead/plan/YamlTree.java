package dev.overhead.plan;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * YAML read into a small tree that remembers where each node began, so every refusal of a plan can
 * name its line and column. Jackson's own {@code JsonNode} forgets places; its streaming parser
 * knows them, so the tree is built from the token stream.
 */
sealed interface YamlTree {

    /** 1-based line and column. */
    record Place(int line, int column) {
        static Place of(JsonLocation loc) {
            return new Place(loc.getLineNr(), loc.getColumnNr());
        }
    }

    Place place();

    /** What kind of thing this is, for "must be a list, not a mapping". */
    String kind();

    /** A scalar; {@code text} is as written (null for an explicit null). */
    record Scalar(String text, JsonToken token, Place place) implements YamlTree {
        public String kind() {
            return switch (token) {
                case VALUE_NULL -> "empty";
                case VALUE_TRUE, VALUE_FALSE -> "true/false";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
                default -> "a string";
            };
        }

        boolean isNull() {
            return token == JsonToken.VALUE_NULL;
        }
    }

    record Seq(List<YamlTree> items, Place place) implements YamlTree {
        public String kind() {
            return "a list";
        }
    }

    /** A mapping; keys in the order written, each with its own place. */
    record Mapping(Map<String, Entry> entries, Place place) implements YamlTree {
        public String kind() {
            return "a mapping";
        }
    }

    record Entry(String key, Place keyPlace, YamlTree value) {}

    /** A YAML fault, with its place, before any tree exists. */
    final class SyntaxError extends Exception {
        final Place place;

        SyntaxError(String message, Place place, Throwable cause) {
            super(message, cause);
            this.place = place;
        }
    }

    /** Parses one YAML document; an empty document gives an empty-scalar node. */
    static YamlTree parse(String text) throws SyntaxError {
        try (JsonParser p = new YAMLFactory().createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return new Scalar(null, JsonToken.VALUE_NULL, new Place(1, 1));
            }
            return read(p, t);
        } catch (StreamReadException e) {
            throw syntaxError(e);
        } catch (IOException e) {
            throw new SyntaxError(firstLine(e.getMessage()), new Place(0, 0), e);
        }
    }

    private static YamlTree read(JsonParser p, JsonToken t) throws IOException, SyntaxError {
        Place place = Place.of(p.currentTokenLocation());
        if (p instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
            // Jackson would hand back the alias's name as a string: refuse rather than misread.
            throw new SyntaxError(
                    "YAML aliases (*" + p.getText() + ") are not supported in plans: write the value" + " out",
                    place,
                    null);
        }
        switch (t) {
            case START_OBJECT -> {
                Map<String, Entry> entries = new LinkedHashMap<>();
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    Place keyPlace = Place.of(p.currentTokenLocation());
                    YamlTree value = read(p, p.nextToken());
                    if (entries.containsKey(key)) {
                        throw new SyntaxError("the key '" + key + "' appears twice in one mapping", keyPlace, null);
                    }
                    entries.put(key, new Entry(key, keyPlace, value));
                }
                return new Mapping(entries, place);
            }
            case START_ARRAY -> {
                List<YamlTree> items = new ArrayList<>();
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    items.add(read(p, t));
                }
                return new Seq(items, place);
            }
            case VALUE_NULL -> {
                return new Scalar(null, t, place);
            }
            default -> {
                return new Scalar(p.getText(), t, place);
            }
        }
    }

    /**
     * SnakeYAML (behind Jackson) writes "CONTEXT / in 'reader', line L, column C: / snippet / PROBLEM
     * / in 'reader', line L, column C: / snippet"; the problem and its mark are the useful part.
     */
    private static SyntaxError syntaxError(StreamReadException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        List<String> sentences = new ArrayList<>();
        List<Place> marks = new ArrayList<>();
        var markPattern = java.util.regex.Pattern.compile("in '[^']*', line (\\d+), column (\\d+)");
        for (String line : message.lines().toList()) {
            var mark = markPattern.matcher(line);
            if (mark.find()) {
                marks.add(new Place(Integer.parseInt(mark.group(1)), Integer.parseInt(mark.group(2))));
            } else if (!line.isBlank() && !Character.isWhitespace(line.charAt(0))) {
                sentences.add(line.strip());
            }
        }
        Place place = !marks.isEmpty()
                ? marks.getLast()
                : e.getLocation() == null ? new Place(0, 0) : Place.of(e.getLocation());
        String problem = sentences.isEmpty() ? "not valid YAML" : sentences.getLast();
        if (sentences.size() > 1) {
            // The context ("while parsing a flow sequence") points at where the unfinished thing began.
            problem += " (" + sentences.getFirst()
                    + (marks.size() > 1
                            ? " that began at line " + marks.getFirst().line() + ", column "
                                    + marks.getFirst().column()
                            : "")
                    + ")";
        }
        return new SyntaxError("YAML syntax: " + problem, place, e);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "not valid YAML";
        }
        return message.strip().lines().findFirst().orElse("not valid YAML");
    }
}

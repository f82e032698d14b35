package dev.overhead.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON columns back with Jackson's streaming parser, giving what {@code ObjectMapper.readValue}
 * gave for the same types (ordered maps, lists, Integer/Long/BigInteger and Double, scalars as text where a
 * string is wanted). Not through an {@code ObjectMapper}: building one and its deserializers was a fifth
 * of the CPU of {@code overhead report} of a small study, almost all of it start-up (docs/performance.md,
 * "Start-up").
 */
final class ColumnReader {
    private ColumnReader() {}

    /** Made once; a factory is cheap and thread-safe, and makes no databind classes. */
    private static final JsonFactory FACTORY = new JsonFactory();

    /** What one JSON value is read as, from the parser at its first token. */
    private interface Value<T> {
        T read(JsonParser p) throws IOException;
    }

    static List<String> words(String json) throws JsonProcessingException {
        return parse(json, p -> list(p, ColumnReader::text));
    }

    static Map<String, String> strings(String json) throws JsonProcessingException {
        return parse(json, p -> map(p, ColumnReader::text));
    }

    static Map<String, Double> numbers(String json) throws JsonProcessingException {
        return parse(json, p -> map(p, ColumnReader::number));
    }

    static Map<String, Object> objects(String json) throws JsonProcessingException {
        return parse(json, p -> map(p, ColumnReader::any));
    }

    static List<Map<String, String>> stringMaps(String json) throws JsonProcessingException {
        return parse(json, p -> list(p, q -> map(q, ColumnReader::text)));
    }

    private static <T> T parse(String json, Value<T> value) throws JsonProcessingException {
        if (json == null) { // as ObjectMapper.readValue(null): the caller reports the study as damaged
            throw new IllegalArgumentException("argument \"content\" is null");
        }
        try (JsonParser p = FACTORY.createParser(json)) {
            if (p.nextToken() == null) {
                throw new JsonParseException(p, "no content to map due to end-of-input");
            }
            return value.read(p);
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) { // a String source has no other I/O to fail
            throw new JsonParseException(null, e.getMessage(), e);
        }
    }

    private static <T> List<T> list(JsonParser p, Value<T> element) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, JsonToken.START_ARRAY);
        List<T> out = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t == null) {
                throw new JsonParseException(p, "unexpected end-of-input in an array");
            }
            out.add(element.read(p));
        }
        return out;
    }

    private static <T> Map<String, T> map(JsonParser p, Value<T> member) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(p, JsonToken.START_OBJECT);
        Map<String, T> out = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            out.put(name, member.read(p));
        }
        expect(p, JsonToken.END_OBJECT);
        return out;
    }

    /** A string; a number or a boolean as its text, as Jackson's string deserializer takes it. */
    private static String text(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (!t.isScalarValue()) {
            throw new JsonParseException(p, "expected a string, found " + t);
        }
        return p.getText();
    }

    /** A number; "NaN" and the infinities are written as strings (Jackson's non-numeric numbers). */
    private static Double number(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t.isNumeric()) {
            return p.getDoubleValue();
        }
        if (t == JsonToken.VALUE_STRING) {
            String s = p.getText().trim();
            try {
                return switch (s) {
                    case "INF" -> Double.POSITIVE_INFINITY;
                    case "-INF" -> Double.NEGATIVE_INFINITY;
                    default -> Double.valueOf(s);
                };
            } catch (NumberFormatException e) {
                throw new JsonParseException(p, "'" + s + "' is not a number");
            }
        }
        throw new JsonParseException(p, "expected a number, found " + t);
    }

    /** Any value, as Jackson's untyped deserializer makes it. */
    private static Object any(JsonParser p) throws IOException {
        return switch (p.currentToken()) {
            case START_OBJECT -> map(p, ColumnReader::any);
            case START_ARRAY -> list(p, ColumnReader::any);
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getNumberValue(); // Integer, Long or BigInteger, the smallest that holds it
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new JsonParseException(p, "unexpected " + p.currentToken());
        };
    }

    private static void expect(JsonParser p, JsonToken wanted) throws JsonParseException {
        if (p.currentToken() != wanted) {
            throw new JsonParseException(p, "expected " + wanted + ", found " + p.currentToken());
        }
    }
}

package dev.overhead.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The streaming reader of the JSON columns gives what Jackson's ObjectMapper gave for the same types
 * (it replaced it for start-up): the same values, of the same classes, in the same order.
 */
class ColumnReaderTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final List<String> OBJECTS = List.of(
            "{}",
            "{\"runs\":10,\"warmup\":0,\"order\":\"randomized\",\"seed\":33474176898946,\"threshold\":1.0,"
                    + "\"confidence\":0.95,\"ignore_failure\":false,\"cpus\":[0,2],\"prepare\":null}",
            "{\"big\":123456789012345678901234567890,\"neg\":-2147483649,\"int\":-2147483648,\"e\":1e300,"
                    + "\"tiny\":4.9E-324,\"f\":0.1,\"nested\":{\"a\":[1,\"x\",[],{},true,null]},\"s\":\"\\u00e9\\ud800 \\\"q\\\"\"}",
            "{\"dup\":1,\"dup\":2}",
            "null");

    @Test
    void untypedObjectsAreJacksons() throws Exception {
        for (String json : OBJECTS) {
            Map<String, Object> expected =
                    MAPPER.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() {});
            Map<String, Object> got = ColumnReader.objects(json);
            assertThat(got).as(json).isEqualTo(expected);
            if (expected != null) {
                assertThat(classes(got)).as(json).isEqualTo(classes(expected));
            }
        }
    }

    @Test
    void typedColumnsAreJacksons() throws Exception {
        for (String json : List.of("[]", "[\"sleep\",\"1\"]", "[\"a\",null,3,true,\"\\udfff\"]", "null")) {
            assertThat(ColumnReader.words(json))
                    .as(json)
                    .isEqualTo(MAPPER.readValue(json, new TypeReference<List<String>>() {}));
        }
        for (String json : List.of("{}", "{\"A\":\"1\",\"B\":2,\"C\":null,\"D\":false}")) {
            assertThat(ColumnReader.strings(json))
                    .as(json)
                    .isEqualTo(MAPPER.readValue(json, new TypeReference<LinkedHashMap<String, String>>() {}));
        }
        for (String json : List.of(
                "{}", "{\"wall\":0.0123,\"n\":3,\"x\":\"NaN\",\"y\":\"-Infinity\",\"z\":\"Infinity\",\"big\":1e308}")) {
            assertThat(ColumnReader.numbers(json))
                    .as(json)
                    .isEqualTo(MAPPER.readValue(json, new TypeReference<LinkedHashMap<String, Double>>() {}));
        }
        String metrics =
                "[{\"name\":\"wall\",\"better\":\"lower\",\"unit\":\"s\",\"regex\":null},{\"primary\":\"wall\"}]";
        assertThat(ColumnReader.stringMaps(metrics))
                .isEqualTo(MAPPER.readValue(metrics, new TypeReference<List<Map<String, String>>>() {}));
    }

    @Test
    void aDamagedColumnFailsAsJacksonsDid() {
        for (String json : List.of("", "[", "{\"a\":", "[\"a\"", "{\"a\":[}", "nonsense")) {
            assertThatThrownBy(() -> ColumnReader.objects(json)).as(json).isInstanceOf(JsonProcessingException.class);
            assertThatThrownBy(() -> ColumnReader.words(json)).as(json).isInstanceOf(JsonProcessingException.class);
        }
        assertThatThrownBy(() -> ColumnReader.words("{\"a\":1}")).isInstanceOf(JsonProcessingException.class);
        assertThatThrownBy(() -> ColumnReader.strings("[1]")).isInstanceOf(JsonProcessingException.class);
        assertThatThrownBy(() -> ColumnReader.numbers("{\"a\":\"x\"}")).isInstanceOf(JsonProcessingException.class);
        assertThatThrownBy(() -> ColumnReader.words(null)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The classes of every value, nested, so that Integer and Long (or Double) are told apart. */
    private static Object classes(Object value) {
        if (value instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, v) -> out.put(k, classes(v)));
            return List.of(value.getClass(), out);
        }
        if (value instanceof List<?> l) {
            return List.of(
                    value.getClass(), l.stream().map(ColumnReaderTest::classes).toList());
        }
        return value == null ? "null" : value.getClass();
    }
}

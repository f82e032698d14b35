package dev.overhead.serve;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Query strings and path segments for the pages' links. */
final class Query {
    private Query() {}

    /** One value, percent-encoded for a query or a path segment (a space is %20 in both). */
    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** {@code k1=v1&k2=v2...} in the order given. */
    static String of(String... keysAndValues) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            out.append(i == 0 ? "" : "&").append(keysAndValues[i]).append('=').append(encode(keysAndValues[i + 1]));
        }
        return out.toString();
    }
}

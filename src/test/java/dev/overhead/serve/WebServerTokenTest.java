package dev.overhead.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A server with a token (issue 31, case 7: serve had no authentication): the real Jetty on a free port
 * of 127.0.0.1, asked as a browser and as a script would ask it.
 */
@Processes
class WebServerTokenTest {
    private static final String TOKEN = "c0ffee0123456789abcdef";

    private static HttpResponse<String> get(URI uri, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    @Test
    void withoutItsTokenNothingIsShownAndWithItEverything() throws Exception {
        MemoryStore store = new MemoryStore();
        store.add(MemoryStore.study("a0", "hackbench", Instant.parse("2026-11-01T10:00:00Z"), "lab-a", 1.05));
        Presentation presentation =
                new Presentation(UnaryOperator.identity(), UnaryOperator.identity(), Locale.ROOT, ZoneOffset.UTC);
        try (WebServer web =
                WebServer.start(store, presentation, "127.0.0.1", 0, TOKEN, new PrintWriter(new StringWriter()))) {
            URI root = web.uri();
            HttpResponse<String> none = get(root);
            assertThat(none.statusCode()).isEqualTo(401);
            assertThat(none.body()).doesNotContain("hackbench").contains("Authorization: Bearer");
            assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"overhead\"");
            assertThat(get(root.resolve("/api/study/a0")).statusCode()).isEqualTo(401);
            assertThat(get(root, "Authorization", "Bearer wrong-token-0000000").statusCode())
                    .isEqualTo(401);

            HttpResponse<String> bearer = get(root.resolve("/api/study/a0"), "Authorization", "Bearer " + TOKEN);
            assertThat(bearer.statusCode()).isEqualTo(200);
            assertThat(bearer.body()).contains("hackbench");

            HttpResponse<String> once = get(root.resolve("/?token=" + TOKEN));
            assertThat(once.statusCode()).isEqualTo(200);
            assertThat(once.body()).contains("hackbench").doesNotContain(TOKEN);
            String cookie = once.headers().firstValue("Set-Cookie").orElseThrow();
            assertThat(cookie).startsWith(WebServer.TOKEN_COOKIE + "=" + TOKEN).contains("HttpOnly");
            assertThat(get(root.resolve("/api/study/a0"), "Cookie", cookie.substring(0, cookie.indexOf(';')))
                            .statusCode())
                    .isEqualTo(200);
        }
    }

    @Test
    void aServerWithoutATokenStillAnswersOnItsLoopbackAddress() throws Exception {
        MemoryStore store = new MemoryStore();
        Presentation presentation =
                new Presentation(UnaryOperator.identity(), UnaryOperator.identity(), Locale.ROOT, ZoneOffset.UTC);
        try (WebServer web =
                WebServer.start(store, presentation, "127.0.0.1", 0, new PrintWriter(new StringWriter()))) {
            assertThat(get(web.uri()).statusCode()).isEqualTo(200);
        }
    }
}

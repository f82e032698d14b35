package dev.overhead.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.report.SubmissionRenderers;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A submission's page and its JSON: the machines side by side, pooled, linked, escaped. */
class SubmissionPageTest {
    private static final String SUB = "20261203-141500-3b9d";
    private static final Instant T0 = Instant.parse("2026-12-03T14:15:00Z");
    private final MemoryStore store = new MemoryStore();
    private final Routes routes;

    SubmissionPageTest() {
        store.add(MemoryStore.study("s-alpha", SUB + "@alpha", T0, "alpha", 1.05));
        store.add(MemoryStore.study("s-beta", SUB + "@beta", T0.plusSeconds(1), "beta", 1.02));
        store.add(MemoryStore.study("s-hostile", SUB + "@" + RoutesTest.HOSTILE_MACHINE, T0.plusSeconds(2), "h", 1.10));
        store.add(MemoryStore.study("other", "hackbench", T0.plusSeconds(3), "alpha", 1.05));
        routes = new Routes(
                new Catalog(store),
                new Presentation(UnaryOperator.identity(), UnaryOperator.identity(), Locale.ROOT, ZoneOffset.UTC));
    }

    @Test
    void thePageShowsEachMachineAndThePooledChangeWithTheFiguresOfCompare() throws Exception {
        Routes.Reply r = routes.answer("/submission/" + SUB, Map.of());
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.body())
                .contains("3 machines")
                .contains("<th>alpha</th><th>beta</th>")
                .contains("href=\"/study/s-alpha\"")
                .contains("id=\"submission-chart\"")
                .contains("\"page\" : \"submission\"")
                .doesNotContain("<img src=x")
                .contains("&lt;img src=x onerror=alert(1)&gt;");
        // the text of compare --submission, rendered from the same studies, has the same pooled figures
        var text = SubmissionRenderers.render(
                dev.overhead.report.Format.TEXT,
                dev.overhead.verdicts.PooledSubmission.of(SUB, new Catalog(store).submission(SUB)),
                "x");
        Matcher pooled = Pattern.compile("(?m)^hackbench +stackleak +(\\S+) +(\\[.*?\\]) +\\S+ +(\\S+) +(\\S+)$")
                .matcher(text);
        assertThat(pooled.find()).as(text).isTrue();
        assertThat(r.body())
                .contains(pooled.group(1) + " " + pooled.group(2))
                .contains(">" + pooled.group(3) + "</td>")
                .contains(">" + pooled.group(4) + "</td>");
        // and the interval widens with the machines' spread: each machine's own is narrower
        assertThat(text).contains("+5.0%").contains("+2.0%").contains("+10.0%");
    }

    @Test
    void theJsonIsCompareSubmissionsJson() throws Exception {
        Routes.Reply r = routes.answer("/api/submission/" + SUB, Map.of());
        assertThat(r.status()).isEqualTo(200);
        JsonNode root = new ObjectMapper().readTree(r.body());
        assertThat(root.path("schema").asText()).isEqualTo("overhead/1");
        assertThat(root.path("submission").path("machines")).hasSize(3);
        assertThat(root.path("pooled").get(0).path("machines").asInt()).isEqualTo(3);
    }

    @Test
    void theListAndEachStudyOfTheSubmissionLinkToIt() {
        String list = routes.answer("/", Map.of()).body();
        assertThat(list).contains("href=\"/submission/" + SUB + "\"");
        assertThat(list.split("href=\"/submission/", -1)).hasSize(4); // three studies of it, not the fourth
        assertThat(routes.answer("/study/s-beta", Map.of()).body())
                .contains("href=\"/submission/" + SUB + "\">· submission " + SUB);
        assertThat(routes.answer("/study/other", Map.of()).body()).doesNotContain("/submission/");
    }

    @Test
    void anUnknownSubmissionIsOneSentence() {
        Routes.Reply r = routes.answer("/submission/20990101-000000-0000", Map.of());
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.body()).contains("no stored study belongs to submission");
        assertThat(routes.answer("/api/submission/nope", Map.of()).status()).isEqualTo(404);
    }
}

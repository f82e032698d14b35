package dev.overhead.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.StudyResult;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Issue 31 case 6: a history drawn per commit (before: x=date or x=kernel only, and no commit on a study). */
class HistoryByCommitTest {
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    private static StudyResult at(int night, String commit) {
        StudyResult s = MemoryStore.study("n" + night, "nightly", T0.plusSeconds(86400L * night), "lab-a", 1.05);
        Map<String, Object> env = new LinkedHashMap<>(s.environment());
        if (commit != null) {
            env.put("commit", commit);
        }
        return new StudyResult(s.info(), env, s.workloads(), s.comparisons(), s.warnings(), s.summaries());
    }

    @Test
    void eachStudysCommitIsAPointOnTheCommitAxisOldestFirst() throws Exception {
        MemoryStore store = new MemoryStore();
        store.add(at(0, "1111111111111111111111111111111111111111"));
        store.add(at(1, "2222222222222222222222222222222222222222"));
        store.add(at(2, null)); // run outside a work tree: no commit recorded
        Routes routes = new Routes(
                new Catalog(store),
                new Presentation(UnaryOperator.identity(), UnaryOperator.identity(), Locale.ROOT, ZoneOffset.UTC));
        Map<String, String> q = new LinkedHashMap<>(Map.of(
                "label", "nightly", "workload", "hackbench", "metric", "wall", "variant", "stackleak", "x", "commit"));
        JsonNode chart =
                new ObjectMapper().readTree(routes.answer("/api/history", q).body());
        assertThat(chart.path("commits").toString())
                .isEqualTo(
                        "[\"1111111111111111111111111111111111111111\",\"2222222222222222222222222222222222222222\",\"\"]");
        JsonNode points = chart.path("series").get(0).path("points");
        assertThat(points.get(1).path("commit").asText()).startsWith("2222");
        assertThat(points.get(2).path("commit").asText()).isEmpty();

        Routes.Reply page = routes.answer("/history", q);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("<b>commit</b>").contains("x=kernel");
        q.put("x", "author");
        Routes.Reply refused = routes.answer("/history", q);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).contains("use x=date, x=kernel or x=commit");
    }
}

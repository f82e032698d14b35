package dev.overhead.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.StudyResult;
import dev.overhead.model.ToolVersion;
import dev.overhead.verdicts.Regressions;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --notify URL} (issue 31): a JSON POST to each URL when a finished study's primary metric is
 * {@code worse} ({@link Regressions}). A webhook that fails is a warning, never the study's failure: the study
 * is stored whatever the receiver does.
 */
public final class Alerts {
    private Alerts() {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** The URLs of {@code --notify}, refused in one sentence unless http or https. */
    public static List<URI> urls(List<String> given) {
        List<URI> out = new ArrayList<>();
        for (String u : given) {
            URI uri;
            try {
                uri = URI.create(u.strip());
            } catch (IllegalArgumentException e) {
                throw UserError.usage("--notify " + u + " is not a URL: give http://HOST[:PORT]/PATH or https://...");
            }
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw UserError.usage("--notify " + u + " is not an http or https URL: give http://HOST[:PORT]/PATH"
                        + " or https://...");
            }
            out.add(uri);
        }
        return List.copyOf(out);
    }

    /** The body of the POST: the study, where it belongs in the team, and its regressions. */
    public static String payload(StudyResult judged, List<Regressions.Regression> regressions) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("event", "worse");
        body.put("study", judged.info().id());
        body.put("label", judged.info().label());
        body.put(
                "created",
                judged.info().created() == null ? null : judged.info().created().toString());
        Provenance p = Provenance.of(judged.environment());
        body.put("machine", p.machine());
        body.put("submission", p.submission());
        body.put("commit", p.commit());
        body.put("branch", p.branch());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Regressions.Regression r : regressions) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("workload", r.workload());
            row.put("candidate", r.candidate());
            row.put("baseline", r.baseline());
            row.put("metric", r.metric());
            row.put("change_pct", finite(r.changePct()));
            row.put("ci_low_pct", finite(r.ciLowPct()));
            row.put("ci_high_pct", finite(r.ciHighPct()));
            row.put("verdict", "worse");
            rows.add(row);
        }
        body.put("regressions", rows);
        body.put("overhead", ToolVersion.current());
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Posts the study's regressions to each URL, where it has any; failures are warnings on {@code err}. */
    public static void post(List<URI> urls, StudyResult judged, PrintWriter err) {
        if (urls.isEmpty()) {
            return;
        }
        List<Regressions.Regression> regressions = Regressions.of(judged);
        if (regressions.isEmpty()) {
            return;
        }
        String body = payload(judged, regressions);
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()) {
            for (URI url : urls) {
                String where = url.getScheme() + "://" + url.getAuthority(); // a webhook's path may be its secret
                try {
                    HttpResponse<Void> r = http.send(
                            HttpRequest.newBuilder(url)
                                    .timeout(TIMEOUT)
                                    .header("Content-Type", "application/json")
                                    .header("User-Agent", "overhead/" + ToolVersion.current())
                                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding());
                    if (r.statusCode() / 100 != 2) {
                        err.println("warning: --notify " + where + " answered " + r.statusCode()
                                + "; the study is stored regardless.");
                    }
                } catch (IOException e) {
                    err.println("warning: --notify " + where + " could not be reached (" + e.getMessage()
                            + "); the study is stored regardless.");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        err.flush();
    }

    /** {@code inner}, and the webhooks told of a completed study's regressions before its gates are read. */
    public static Delivery notifying(Delivery inner, List<URI> urls, PrintWriter err) {
        if (urls.isEmpty()) {
            return inner;
        }
        return new Delivery() {
            @Override
            public void checkTargets(Path storeFile) {
                inner.checkTargets(storeFile);
            }

            @Override
            public void write(StudyResult result) {
                inner.write(result);
            }

            @Override
            public int gate(StudyResult result) {
                post(urls, result, err);
                return inner.gate(result);
            }
        };
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}

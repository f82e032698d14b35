package dev.overhead.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.model.ToolVersion;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.verdicts.Highlights;
import dev.overhead.verdicts.History;
import dev.overhead.verdicts.Judge;
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
 * {@code --notify URL} (docs/team.md, "Being told"): a JSON POST to each URL when a finished study's primary metric
 * is {@code worse} ({@link Regressions}), and another when the study makes a change point appear in its label's
 * history on its machine ({@link History#steps}, as serve's history pages draw them). A webhook that fails is a
 * warning, never the study's failure: the study is stored whatever the receiver does.
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
        Map<String, Object> body = header("worse", judged);
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
        return json(body);
    }

    /**
     * A level change that the newest study of a history made appear: on the comparison of {@code workload} ×
     * {@code metric} × {@code candidate}, the new level starts at {@code study}.
     */
    public record NewStep(
            String workload, String metric, String candidate, String study, double beforePct, double afterPct) {}

    /**
     * The change points that the last of {@code history} (one label on one machine, judged, oldest first) makes
     * appear in the series of its primary comparisons: steps found with it that were not found without it (a step
     * that moves to another study counts as new). Empty with fewer than two studies.
     */
    public static List<NewStep> newSteps(List<StudyResult> history) {
        if (history.size() < 2) {
            return List.of();
        }
        StudyResult newest = history.getLast();
        List<StudyResult> before = history.subList(0, history.size() - 1);
        String label = newest.info().label();
        List<NewStep> out = new ArrayList<>();
        java.util.Set<History.Key> seen = new java.util.HashSet<>();
        for (ComparisonRow r : Highlights.primaryRows(newest)) {
            History.Key key = new History.Key(r.workload(), r.metric(), r.candidate());
            if (!seen.add(key)) {
                continue;
            }
            java.util.Set<String> known = new java.util.HashSet<>();
            for (History.Series s : History.of(label, key, before).series()) {
                s.steps().forEach(st -> known.add(st.study()));
            }
            for (History.Series s : History.of(label, key, history).series()) {
                for (History.Step st : s.steps()) {
                    if (!known.contains(st.study())) {
                        out.add(new NewStep(
                                key.workload(), key.metric(), key.candidate(), st.study(), st.before(), st.after()));
                    }
                }
            }
        }
        return out;
    }

    /** The body of the POST for change points that the study made appear. */
    public static String changePointPayload(StudyResult judged, List<NewStep> steps) {
        Map<String, Object> body = header("change_point", judged);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (NewStep st : steps) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("workload", st.workload());
            row.put("metric", st.metric());
            row.put("candidate", st.candidate());
            row.put("starts_at", st.study());
            row.put("before_pct", finite(st.beforePct()));
            row.put("after_pct", finite(st.afterPct()));
            rows.add(row);
        }
        body.put("change_points", rows);
        return json(body);
    }

    /** What every POST starts with: the event, the study and where it belongs in the team. */
    private static Map<String, Object> header(String event, StudyResult judged) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("event", event);
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
        return body;
    }

    /** The body as JSON, with the version of overhead that sent it last. */
    private static String json(Map<String, Object> body) {
        body.put("overhead", ToolVersion.current());
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The finished studies of {@code judged}'s label on its machine, judged as they were run, oldest first, with
     * {@code judged} last: the series its change points are looked for in. A store that cannot be read gives
     * {@code judged} alone (and so no change point).
     */
    static List<StudyResult> historyOf(StoreAccess access, StudyResult judged) {
        String label = judged.info().label();
        if (label == null || label.isBlank()) {
            return List.of(judged);
        }
        String machine = History.machineOf(judged);
        List<StudyResult> out = new ArrayList<>();
        try (Store store = access.openForReading()) {
            for (Store.StudySummary s : store.list()) {
                if (label.equals(s.label())
                        && "done".equals(s.state())
                        && !s.id().equals(judged.info().id())) {
                    store.load(s.id())
                            .map(Judge::asRun)
                            .filter(r -> History.machineOf(r).equals(machine))
                            .ifPresent(out::add);
                }
            }
        } catch (StoreException | UserError e) {
            return List.of(judged);
        }
        out.sort(java.util.Comparator.comparing(
                        (StudyResult r) -> r.info().created(),
                        java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder()))
                .thenComparing(r -> r.info().id()));
        out.add(judged);
        return out;
    }

    /**
     * Posts the study's regressions, and the change points it made appear in {@code history} (see
     * {@link #newSteps}), to each URL, where it has any; failures are warnings on {@code err}.
     */
    public static void post(List<URI> urls, StudyResult judged, List<StudyResult> history, PrintWriter err) {
        if (urls.isEmpty()) {
            return;
        }
        List<String> bodies = new ArrayList<>();
        List<Regressions.Regression> regressions = Regressions.of(judged);
        if (!regressions.isEmpty()) {
            bodies.add(payload(judged, regressions));
        }
        List<NewStep> steps = newSteps(history);
        if (!steps.isEmpty()) {
            bodies.add(changePointPayload(judged, steps));
        }
        for (String body : bodies) {
            send(urls, body, err);
        }
        err.flush();
    }

    private static void send(List<URI> urls, String body, PrintWriter err) {
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
    }

    /**
     * {@code inner}, and the webhooks told of a completed study's regressions and new change points (in its label's
     * history in {@code store}) before its gates are read.
     */
    public static Delivery notifying(Delivery inner, List<URI> urls, StoreAccess store, PrintWriter err) {
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
                post(urls, result, historyOf(store, result), err);
                return inner.gate(result);
            }
        };
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}

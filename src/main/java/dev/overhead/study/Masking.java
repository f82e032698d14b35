package dev.overhead.study;

import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.sysinfo.EnvVars;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A variant's own {@code API_KEY=secret123} is needed to resume the study, so the store keeps it;
 * reports are shared, so there it is masked (docs/reliability.md, case 21), by the rule the environment capture
 * already uses to leave secrets out ({@link EnvVars#isSecret}).
 */
public final class Masking {
    private Masking() {}

    public static final String MASK = "********";

    public static Map<String, String> env(Map<String, String> env) {
        if (env.entrySet().stream()
                .noneMatch(e -> secretName(e.getKey()) || !value(e.getValue()).equals(e.getValue()))) {
            return env;
        }
        Map<String, String> out = new LinkedHashMap<>();
        env.forEach((k, v) -> out.put(k, secretName(k) ? MASK : value(v)));
        return out;
    }

    /** The names {@link EnvVars#isSecret} knows, and the password variables it does not ({@code MYSQL_PWD}). */
    public static boolean secretName(String name) {
        return EnvVars.isSecret(name) || name.toUpperCase(java.util.Locale.ROOT).endsWith("_PWD");
    }

    /** The password of a URL's user part: {@code scheme://user:PASSWORD@host}. */
    private static final java.util.regex.Pattern URL_PASSWORD =
            java.util.regex.Pattern.compile("(?i)([a-z][a-z0-9+.-]*://[^\\s:/@]*):[^\\s@]+@");

    /** A credential in a URL's query: {@code ?token=...}, {@code &key=...}, {@code sig=...}. */
    private static final java.util.regex.Pattern QUERY_SECRET = java.util.regex.Pattern.compile(
            "(?i)([?&](?:[a-z_]*(?:token|secret|password|passwd|key|sig|signature|auth)[a-z_]*)=)[^&\\s]+");

    /** A webhook's address is its secret: everything after the host of the hooks services. */
    private static final java.util.regex.Pattern WEBHOOK = java.util.regex.Pattern.compile(
            "(?i)(https?://(?:hooks\\.slack\\.com|discord(?:app)?\\.com/api/webhooks|[a-z0-9.-]*webhook[a-z0-9.-]*)"
                    + "[^\\s/]*/)[^\\s]+");

    /** A secret assignment written in front of a shell command: {@code API_KEY=... cmd}. */
    private static final java.util.regex.Pattern ASSIGNMENT =
            java.util.regex.Pattern.compile("(?<![\\w])([A-Za-z_][A-Za-z0-9_]*)=('[^']*'|\"[^\"]*\"|[^\\s;&|]*)");

    /**
     * A value with what looks like a credential in it masked, whatever the variable's name
     * (docs/reliability.md, issue 33 case 10): a URL's password ({@code DATABASE_URL}), a credential in
     * a URL's query, a webhook's path, and {@code NAME=value} assignments whose name looks secret.
     */
    public static String value(String v) {
        if (v == null) {
            return null;
        }
        String s = URL_PASSWORD.matcher(v).replaceAll("$1:" + MASK + "@");
        s = QUERY_SECRET.matcher(s).replaceAll("$1" + MASK);
        s = WEBHOOK.matcher(s).replaceAll("$1" + MASK);
        java.util.regex.Matcher m = ASSIGNMENT.matcher(s);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(
                    b,
                    java.util.regex.Matcher.quoteReplacement(
                            secretName(m.group(1)) ? m.group(1) + "=" + MASK : m.group()));
        }
        m.appendTail(b);
        return b.toString();
    }

    public static java.util.List<String> words(java.util.List<String> words) {
        java.util.List<String> out = words.stream().map(Masking::value).toList();
        return out.equals(words) ? words : out;
    }

    public static Variant variant(Variant v) {
        Map<String, String> env = env(v.env());
        java.util.List<String> prefix = words(v.prefix());
        return env == v.env() && prefix == v.prefix()
                ? v
                : new Variant(v.name(), env, prefix, words(v.setup()), words(v.cleanup()));
    }

    /** A workload's command, with credentials in it masked; its name is how comparisons find it, and stays. */
    public static dev.overhead.model.Workload workload(dev.overhead.model.Workload w) {
        java.util.List<String> command = words(w.command());
        return command == w.command()
                ? w
                : new dev.overhead.model.Workload(
                        w.name(), command, w.shell(), w.parameters(), words(w.prepare()), w.metrics(), w.primary());
    }

    public static StudyResult study(StudyResult s) {
        return new StudyResult(
                s.info(),
                s.environment(),
                s.workloads().stream()
                        .map(w -> new WorkloadResult(
                                workload(w.workload()),
                                w.variants().stream()
                                        .map(v -> new VariantResult(variant(v.variant()), v.runs()))
                                        .toList(),
                                w.stop()))
                        .toList(),
                s.comparisons(),
                s.warnings(),
                s.summaries()); // the analysis's figures travel on: the reports render them
    }
}

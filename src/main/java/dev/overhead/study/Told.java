package dev.overhead.study;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The team's tags of the study this process runs ({@link Provenance}), set as system properties for the
 * span of one command and put back after it: an agent runs many studies in its JVM, tests run many commands.
 */
public final class Told implements AutoCloseable {
    private final Map<String, String> before = new LinkedHashMap<>();

    private Told(Map<String, String> values) {
        values.forEach((key, value) -> {
            before.put(key, System.getProperty(key));
            if (value != null) {
                System.setProperty(key, value);
            }
        });
    }

    public static Told commit(String commit, String branch) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(Provenance.COMMIT_PROPERTY, commit);
        values.put(Provenance.BRANCH_PROPERTY, branch);
        return new Told(values);
    }

    public static Told of(Provenance p) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(Provenance.SUBMISSION_PROPERTY, p.submission());
        values.put(Provenance.MACHINE_PROPERTY, p.machine());
        values.put(Provenance.COMMIT_PROPERTY, p.commit());
        values.put(Provenance.BRANCH_PROPERTY, p.branch());
        return new Told(values);
    }

    @Override
    public void close() {
        before.forEach((key, value) -> {
            if (value == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, value);
            }
        });
    }
}

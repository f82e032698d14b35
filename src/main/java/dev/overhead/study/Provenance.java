package dev.overhead.study;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a study belongs in a team: the {@code overhead submit} that queued it, the machine that measured
 * it, and the commit and branch it measured (null where unknown). Kept in the study's environment under
 * {@code submission}, {@code machine}, {@code commit} and {@code branch}, which the store copies to columns
 * of their own (schema 5) so that history, the queue and {@code compare --submission} find studies by them.
 */
public record Provenance(String submission, String machine, String commit, String branch) {
    public static final Provenance NONE = new Provenance(null, null, null, null);

    /** The system properties an agent (or {@code run --commit/--branch}) sets for the study it runs in its JVM. */
    public static final String SUBMISSION_PROPERTY = "overhead.submission";

    public static final String MACHINE_PROPERTY = "overhead.machine";
    public static final String COMMIT_PROPERTY = "overhead.commit";
    public static final String BRANCH_PROPERTY = "overhead.branch";

    public Provenance {
        submission = blankIsNull(submission);
        machine = blankIsNull(machine);
        commit = blankIsNull(commit);
        branch = blankIsNull(branch);
    }

    /** What this process was told: the properties above, then {@code OVERHEAD_MACHINE} for the machine. */
    public static Provenance fromProperties() {
        return new Provenance(
                System.getProperty(SUBMISSION_PROPERTY),
                System.getProperty(MACHINE_PROPERTY, System.getenv("OVERHEAD_MACHINE")),
                System.getProperty(COMMIT_PROPERTY),
                System.getProperty(BRANCH_PROPERTY));
    }

    /** This one, with what it lacks taken from {@code other}. */
    public Provenance orElse(Provenance other) {
        return new Provenance(
                submission != null ? submission : other.submission,
                machine != null ? machine : other.machine,
                commit != null ? commit : other.commit,
                branch != null ? branch : other.branch);
    }

    /** The environment with these tags first (the machine leading, as serve shows it); an existing value stays. */
    public Map<String, Object> stamp(Map<String, Object> environment) {
        Map<String, Object> out = new LinkedHashMap<>();
        put(out, "machine", machine);
        put(out, "submission", submission);
        put(out, "commit", commit);
        put(out, "branch", branch);
        Map<String, Object> merged = new LinkedHashMap<>(out);
        environment.forEach(merged::put); // what the environment says already wins: a resumed study keeps its record
        return merged;
    }

    /** The tags a stored environment carries. */
    public static Provenance of(Map<String, Object> environment) {
        return new Provenance(
                text(environment.get("submission")),
                text(environment.get("machine")),
                text(environment.get("commit")),
                text(environment.get("branch")));
    }

    /**
     * Whether the study stored with {@code environment} may be resumed in this process: a study begun by one
     * machine is finished by that machine's agent, or on another host only under {@code --as-machine}, so
     * that the record does not pass another host's runs off as the first machine's.
     *
     * @return the warning to print when another machine finishes it
     * @throws UserError when this process is not the study's machine and no {@code asMachine} was given
     */
    public static java.util.Optional<String> resuming(String id, Map<String, Object> environment, String asMachine) {
        String here = asMachine != null ? asMachine : fromProperties().machine();
        String recorded = of(environment).machine();
        if (recorded == null || recorded.equals(here)) {
            return java.util.Optional.empty();
        }
        if (asMachine == null) {
            throw UserError.usage("study " + id + " is measured by machine " + recorded + ": resume it with that"
                    + " machine's agent ('overhead agent --machine " + recorded + "'), or give --as-machine NAME to"
                    + " measure the rest on this host under its own name.");
        }
        return java.util.Optional.of("study " + id + " was begun on machine " + recorded
                + "; its remaining runs are measured here, on " + asMachine + ".");
    }

    /**
     * Records in the stored study that {@code asMachine} measured the rest of it ({@code resumed_on}, a list in
     * the order of the resumes), so that its environment's {@code machine} is not taken for the only machine.
     */
    public static void recordResumedOn(
            StoreAccess access, String studyId, Map<String, Object> environment, String asMachine) {
        Map<String, Object> env = new LinkedHashMap<>(environment);
        java.util.List<Object> on = new java.util.ArrayList<>();
        if (env.get("resumed_on") instanceof java.util.List<?> l) {
            on.addAll(l);
        }
        on.add(asMachine);
        env.put("resumed_on", on);
        try (dev.overhead.store.Store store = access.open()) {
            store.setEnvironment(studyId, env);
        } catch (dev.overhead.store.StoreException e) {
            throw StoreAccess.refusal(e);
        }
    }

    private static void put(Map<String, Object> out, String key, String value) {
        if (value != null) {
            out.put(key, value);
        }
    }

    private static String text(Object o) {
        return o instanceof String s ? s : null;
    }

    private static String blankIsNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}

package dev.overhead.store;

import dev.overhead.model.Run;
import dev.overhead.model.Stop;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The writing side shared by the SQLite and PostgreSQL stores: the same rows in the same tables. */
final class StudyWrites {
    private StudyWrites() {}

    static void definition(
            Connection connection,
            StudyInfo info,
            String state,
            List<Workload> workloads,
            List<Variant> variants,
            Map<String, Object> environment,
            List<String> warnings)
            throws SQLException {
        // the team's columns only where the study has a tag: a study without one is written as schema 3
        // wrote it (the columns stay NULL), as runs without levels are
        boolean tagged = TAGS.stream().anyMatch(k -> tag(environment, k) != null);
        try (PreparedStatement st = connection.prepareStatement(
                "INSERT INTO studies (id, label, created, state, options, environment, warnings"
                        + (tagged
                                ? ", submission, machine, commit_sha, branch) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
                                : ") VALUES (?,?,?,?,?,?,?)"))) {
            st.setString(1, info.id());
            st.setString(2, info.label());
            st.setString(3, Times.format(info.created()));
            st.setString(4, state);
            st.setString(5, Codec.settings(info.settings()));
            st.setString(6, Codec.write(environment));
            st.setString(7, Codec.write(warnings));
            for (int i = 0; tagged && i < TAGS.size(); i++) {
                st.setString(8 + i, tag(environment, TAGS.get(i)));
            }
            st.executeUpdate();
        }
        try (PreparedStatement st = connection.prepareStatement("INSERT INTO workloads (study, ordinal, name, command,"
                + " shell, parameters, prepare, metrics) VALUES (?,?,?,?,?,?,?,?)")) {
            for (int i = 0; i < workloads.size(); i++) {
                Workload w = workloads.get(i);
                st.setString(1, info.id());
                st.setInt(2, i);
                st.setString(3, w.name());
                st.setString(4, Codec.write(w.command()));
                st.setInt(5, w.shell() ? 1 : 0);
                st.setString(6, Codec.write(w.parameters()));
                st.setString(7, Codec.write(w.prepare()));
                st.setString(8, Codec.metrics(w.metrics(), w.primary()));
                st.executeUpdate();
            }
        }
        try (PreparedStatement st = connection.prepareStatement("INSERT INTO variants (study, ordinal, name, env,"
                + " prefix, setup, cleanup) VALUES (?,?,?,?,?,?,?)")) {
            for (int i = 0; i < variants.size(); i++) {
                Variant v = variants.get(i);
                st.setString(1, info.id());
                st.setInt(2, i);
                st.setString(3, v.name());
                st.setString(4, Codec.write(v.env()));
                st.setString(5, Codec.write(v.prefix()));
                st.setString(6, Codec.write(v.setup()));
                st.setString(7, Codec.write(v.cleanup()));
                st.executeUpdate();
            }
        }
    }

    /** The team's tags, in the order of their columns (submission, machine, commit_sha, branch). */
    private static final List<String> TAGS = List.of("submission", "machine", "commit", "branch");

    /**
     * A team's tag of the study, kept in its environment ({@code machine}, {@code submission}, {@code commit},
     * {@code branch}) and copied to a column of its own so that listing finds it without reading the study.
     */
    static String tag(Map<String, Object> environment, String key) {
        return environment.get(key) instanceof String s && !s.isBlank() ? s : null;
    }

    /** A whole study read from elsewhere ({@code overhead import}): its definition, done, and every run. */
    static void study(Connection connection, StudyResult study) throws SQLException {
        List<Variant> variants = new ArrayList<>();
        for (WorkloadResult w : study.workloads()) {
            for (VariantResult v : w.variants()) {
                if (variants.stream().noneMatch(known -> known.name().equals(v.name()))) {
                    variants.add(v.variant());
                }
            }
        }
        definition(
                connection,
                study.info(),
                "done",
                study.workloads().stream().map(WorkloadResult::workload).toList(),
                variants,
                study.environment(),
                study.warnings());
        Map<String, Stop> stopped = new java.util.LinkedHashMap<>();
        study.workloads().stream().filter(w -> w.stop() != null).forEach(w -> stopped.put(w.name(), w.stop()));
        stops(connection, study.info().id(), stopped);
        for (WorkloadResult w : study.workloads()) {
            for (VariantResult v : w.variants()) {
                for (Run r : v.runs()) {
                    run(connection, study.info().id(), w.name(), v.name(), r);
                }
            }
        }
    }

    /** A study's end: its state and its notes; how many studies it named (0: none is called so). */
    static int finish(Connection connection, String studyId, String state, List<String> warnings) throws SQLException {
        try (PreparedStatement st =
                connection.prepareStatement("UPDATE studies SET state = ?, warnings = ? WHERE id = ?")) {
            st.setString(1, state);
            st.setString(2, Codec.write(warnings));
            st.setString(3, studyId);
            return st.executeUpdate();
        }
    }

    /**
     * Why each workload's runs ended (model.Stop), kept in the study's settings column under
     * {@code stopped}: {@code {"sort": {"reason": "settled", "runs": 20}}}. A key, not a column, so
     * the schema stays as it is and an older overhead reads the settings as before (it ignores keys it
     * does not know).
     */
    static void stops(Connection connection, String studyId, Map<String, Stop> stops) throws SQLException {
        if (stops.isEmpty()) {
            return;
        }
        String json;
        try (PreparedStatement st = connection.prepareStatement("SELECT options FROM studies WHERE id = ?")) {
            st.setString(1, studyId);
            try (java.sql.ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                json = rs.getString(1);
            }
        }
        Map<String, Object> options;
        try {
            options = new java.util.LinkedHashMap<>(json == null ? Map.of() : Codec.objects(json));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new SQLException("the study's settings could not be read to add why it stopped", e);
        }
        Map<String, Object> written = new java.util.LinkedHashMap<>();
        stops.forEach((workload, stop) ->
                written.put(workload, Map.of("reason", stop.reason().word(), "runs", stop.runs())));
        options.put(STOPPED, written);
        try (PreparedStatement st = connection.prepareStatement("UPDATE studies SET options = ? WHERE id = ?")) {
            st.setString(1, Codec.write(options));
            st.setString(2, studyId);
            st.executeUpdate();
        }
    }

    /** The settings column's key for {@link #stops}. */
    static final String STOPPED = "stopped";

    /** What {@link #stops} wrote, from the settings column; empty where nothing was. */
    static Map<String, Stop> stops(Map<String, Object> options) {
        Map<String, Stop> out = new java.util.LinkedHashMap<>();
        if (options.get(STOPPED) instanceof Map<?, ?> m) {
            m.forEach((workload, v) -> {
                if (v instanceof Map<?, ?> stop
                        && stop.get("reason") instanceof String word
                        && Stop.Reason.of(word) != null
                        && stop.get("runs") instanceof Number n) {
                    out.put(String.valueOf(workload), new Stop(Stop.Reason.of(word), n.intValue()));
                }
            });
        }
        return out;
    }

    static int environment(Connection connection, String studyId, Map<String, Object> environment) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement("UPDATE studies SET environment = ? WHERE id = ?")) {
            st.setString(1, Codec.write(environment));
            st.setString(2, studyId);
            return st.executeUpdate();
        }
    }

    static void run(Connection connection, String studyId, String workload, String variant, Run r) throws SQLException {
        // build and boot only where the study has those levels: a run without them is written as
        // schema 2 wrote it (their columns stay NULL)
        try (PreparedStatement st = connection.prepareStatement(runInsert(hasUnits(r)))) {
            bindRun(st, studyId, workload, variant, r);
            st.executeUpdate();
        }
    }

    /** Whether a run is written with its build and boot columns (see {@link #run}). */
    static boolean hasUnits(Run r) {
        return r.build() != null || r.boot() != null;
    }

    /** The statement that inserts one run, with or without the build and boot columns. */
    static String runInsert(boolean units) {
        return "INSERT INTO runs (study, workload, variant, idx,"
                + " sequence, round, started, exit_code, signal, timed_out, wall_s, user_s, sys_s, max_rss_kib,"
                + " max_rss_exact, minor_faults, major_faults, voluntary_cs, involuntary_cs, fs_in_blocks,"
                + " fs_out_blocks, metrics" + (units ? ", build, boot" : "")
                + ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?" + (units ? ",?,?" : "") + ")";
    }

    /** Binds a run to {@link #runInsert}'s parameters. */
    static void bindRun(PreparedStatement st, String studyId, String workload, String variant, Run r)
            throws SQLException {
        boolean units = hasUnits(r);
        st.setString(1, studyId);
        st.setString(2, workload);
        st.setString(3, variant);
        st.setInt(4, r.index());
        st.setInt(5, r.sequence());
        st.setInt(6, r.round());
        st.setString(7, r.started() == null ? null : Times.format(r.started()));
        st.setInt(8, r.exitCode());
        st.setObject(9, r.signal());
        st.setInt(10, r.timedOut() ? 1 : 0);
        st.setDouble(11, r.wallS());
        st.setDouble(12, r.userS());
        st.setDouble(13, r.sysS());
        st.setLong(14, r.maxRssKib());
        st.setInt(15, r.maxRssExact() ? 1 : 0);
        st.setLong(16, r.minorFaults());
        st.setLong(17, r.majorFaults());
        st.setLong(18, r.voluntaryCs());
        st.setLong(19, r.involuntaryCs());
        st.setLong(20, r.fsInBlocks());
        st.setLong(21, r.fsOutBlocks());
        st.setString(22, Codec.write(r.metrics()));
        if (units) {
            st.setObject(23, r.build());
            st.setObject(24, r.boot());
        }
    }
}

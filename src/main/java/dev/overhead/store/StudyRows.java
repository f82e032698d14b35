package dev.overhead.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.overhead.model.Levels;
import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.Workload;
import dev.overhead.model.WorkloadResult;
import dev.overhead.store.Store.StudySummary;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The reading side of the stores (SQLite and PostgreSQL): finding a study and rebuilding it from its rows. */
final class StudyRows {
    private final Place place;
    private final Connection connection;

    StudyRows(Place place, Connection connection) {
        this.place = place;
        this.connection = connection;
    }

    /** Exact id, then label (newest), then a unique id prefix of at least 4 characters. */
    Optional<String> resolve(String idOrLabel) throws StoreException {
        try {
            List<String> exact = ids("SELECT id FROM studies WHERE id = ?", idOrLabel);
            if (!exact.isEmpty()) {
                return Optional.of(exact.getFirst());
            }
            List<String> labelled =
                    ids("SELECT id FROM studies WHERE label = ? ORDER BY created DESC, id DESC LIMIT 1", idOrLabel);
            if (!labelled.isEmpty()) {
                return Optional.of(labelled.getFirst());
            }
            if (idOrLabel.length() < 4) {
                return Optional.empty();
            }
            String like = idOrLabel.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
            List<String> prefixed = ids("SELECT id FROM studies WHERE id LIKE ? ESCAPE '\\' ORDER BY id DESC", like);
            if (prefixed.size() > 1) {
                throw new AmbiguousStudy("'" + idOrLabel + "' is the start of " + prefixed.size() + " study ids ("
                        + String.join(", ", prefixed.subList(0, Math.min(4, prefixed.size())))
                        + (prefixed.size() > 4 ? ", ..." : "") + "): give more of the id, or a label.");
            }
            return prefixed.stream().findFirst();
        } catch (SQLException e) {
            throw place.failure("read", e);
        }
    }

    private List<String> ids(String sql, String arg) throws SQLException {
        try (PreparedStatement st = connection.prepareStatement(sql)) {
            st.setString(1, arg);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }

    /** The study an id or label names ({@link #resolve}), with its runs; empty where none is stored. */
    Optional<StudyResult> load(String idOrLabel) throws StoreException {
        Optional<StudyDefinition> def = definitionOf(idOrLabel);
        if (def.isEmpty()) {
            return Optional.empty();
        }
        StudyDefinition d = def.get();
        Map<String, Map<String, List<Run>>> runs = runs(d.info().id());
        Map<String, dev.overhead.model.Stop> stops = stops(d.info().id());
        List<WorkloadResult> workloads = new ArrayList<>();
        for (Workload w : d.workloads()) {
            Map<String, List<Run>> byVariant = runs.getOrDefault(w.name(), Map.of());
            workloads.add(new WorkloadResult(
                    w,
                    d.variants().stream()
                            .map(v -> new VariantResult(v, byVariant.getOrDefault(v.name(), List.of())))
                            .toList(),
                    stops.get(w.name())));
        }
        return Optional.of(new StudyResult(d.info(), d.environment(), workloads, List.of(), d.warnings(), List.of()));
    }

    /** Why each workload's runs ended, as the run wrote it (StudyWrites.stops); empty for older studies. */
    private Map<String, dev.overhead.model.Stop> stops(String id) throws StoreException {
        try (PreparedStatement st = connection.prepareStatement("SELECT options FROM studies WHERE id = ?")) {
            st.setString(1, id);
            try (ResultSet rs = st.executeQuery()) {
                String json = rs.next() ? rs.getString(1) : null;
                return json == null ? Map.of() : StudyWrites.stops(Codec.objects(json));
            }
        } catch (SQLException e) {
            throw place.failure("read", e);
        } catch (JsonProcessingException e) {
            return Map.of(); // the settings were read already; a reason that cannot be read is not known
        }
    }

    /** The definition of the study an id or label names, without its runs. */
    Optional<StudyDefinition> definitionOf(String idOrLabel) throws StoreException {
        Optional<String> id = resolve(idOrLabel);
        return id.isEmpty() ? Optional.empty() : Optional.of(definition(id.get()));
    }

    StudyDefinition definition(String id) throws StoreException {
        try {
            StudyInfo info;
            String state;
            Map<String, Object> environment;
            List<String> warnings;
            try (PreparedStatement st = connection.prepareStatement(
                    "SELECT label, created, state, options, environment, warnings FROM studies WHERE id = ?")) {
                st.setString(1, id);
                try (ResultSet rs = st.executeQuery()) {
                    if (!rs.next()) {
                        throw new StoreException("there is no study " + id + " in " + place.name() + ".", null);
                    }
                    info = new StudyInfo(
                            id, rs.getString(1), Times.parse(rs.getString(2)), Codec.settings(rs.getString(4)));
                    state = rs.getString(3);
                    environment = Codec.objects(rs.getString(5));
                    warnings = Codec.words(rs.getString(6));
                }
            }
            List<Workload> workloads = new ArrayList<>();
            try (PreparedStatement st = connection.prepareStatement("SELECT name, command, shell, parameters, prepare,"
                    + " metrics FROM workloads WHERE study = ? ORDER BY ordinal")) {
                st.setString(1, id);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        workloads.add(new Workload(
                                rs.getString(1),
                                Codec.words(rs.getString(2)),
                                rs.getInt(3) != 0,
                                Codec.strings(rs.getString(4)),
                                Codec.words(rs.getString(5)),
                                Codec.metrics(rs.getString(6)),
                                Codec.primary(rs.getString(6))));
                    }
                }
            }
            List<Variant> variants = new ArrayList<>();
            try (PreparedStatement st = connection.prepareStatement(
                    "SELECT name, env, prefix, setup, cleanup FROM variants WHERE study = ? ORDER BY ordinal")) {
                st.setString(1, id);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        variants.add(new Variant(
                                rs.getString(1),
                                Codec.strings(rs.getString(2)),
                                Codec.words(rs.getString(3)),
                                Codec.words(rs.getString(4)),
                                Codec.words(rs.getString(5))));
                    }
                }
            }
            // a study stored before levels were settings keeps them in its variants' environments
            info = new StudyInfo(info.id(), info.label(), info.created(), Levels.upgraded(info.settings(), variants));
            return new StudyDefinition(info, state, workloads, variants, environment, warnings);
        } catch (SQLException e) {
            throw place.failure("read", e);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw damaged(id, e);
        }
    }

    /** The runs of a study by workload and variant, each list in index order. */
    Map<String, Map<String, List<Run>>> runs(String id) throws StoreException {
        Map<String, Map<String, List<Run>>> out = new LinkedHashMap<>();
        try (PreparedStatement st = connection.prepareStatement("SELECT workload, variant, idx, sequence, round,"
                + " started, exit_code, signal, timed_out, wall_s, user_s, sys_s, max_rss_kib, max_rss_exact,"
                + " minor_faults, major_faults, voluntary_cs, involuntary_cs, fs_in_blocks, fs_out_blocks, metrics,"
                + " build, boot FROM runs WHERE study = ? ORDER BY workload, variant, idx")) {
            st.setString(1, id);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    int signal = rs.getInt(8);
                    Integer signalOrNull = rs.wasNull() ? null : signal;
                    Run run = new Run(
                            rs.getInt(3),
                            rs.getInt(4),
                            rs.getInt(5),
                            Times.parse(rs.getString(6)),
                            rs.getInt(7),
                            signalOrNull,
                            rs.getInt(9) != 0,
                            rs.getDouble(10),
                            rs.getDouble(11),
                            rs.getDouble(12),
                            rs.getLong(13),
                            rs.getInt(14) != 0,
                            rs.getLong(15),
                            rs.getLong(16),
                            rs.getLong(17),
                            rs.getLong(18),
                            rs.getLong(19),
                            rs.getLong(20),
                            Codec.numbers(rs.getString(21)),
                            rs.getObject(22) == null ? null : rs.getInt(22),
                            rs.getObject(23) == null ? null : rs.getInt(23));
                    out.computeIfAbsent(rs.getString(1), k -> new LinkedHashMap<>())
                            .computeIfAbsent(rs.getString(2), k -> new ArrayList<>())
                            .add(run);
                }
            }
            return out;
        } catch (SQLException e) {
            throw place.failure("read", e);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw damaged(id, e);
        }
    }

    List<StudySummary> summaries() throws StoreException {
        List<StudySummary> out = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement("SELECT s.id, s.label, s.created, s.state,"
                        + " (SELECT count(*) FROM workloads w WHERE w.study = s.id),"
                        + " (SELECT count(*) FROM variants v WHERE v.study = s.id),"
                        + " (SELECT count(*) FROM runs r WHERE r.study = s.id),"
                        + " s.submission, s.machine, s.commit_sha, s.branch"
                        + " FROM studies s ORDER BY s.created DESC, s.id DESC");
                ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                out.add(new StudySummary(
                        rs.getString(1),
                        rs.getString(2),
                        Times.parse(rs.getString(3)),
                        rs.getString(4),
                        rs.getInt(5),
                        rs.getInt(6),
                        rs.getInt(7),
                        rs.getString(8),
                        rs.getString(9),
                        rs.getString(10),
                        rs.getString(11)));
            }
            return out;
        } catch (SQLException e) {
            throw place.failure("read", e);
        }
    }

    private StoreException damaged(String id, Exception e) {
        return new StoreException(
                "study " + id + " in " + place.name() + " is damaged ("
                        + e.getMessage().lines().findFirst().orElse("") + "): it cannot be read back.",
                e);
    }
}

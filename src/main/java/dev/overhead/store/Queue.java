package dev.overhead.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.github.kagkarlsson.scheduler.serializer.Serializer;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The fleet's queue as people see it ({@code overhead queue}): every study {@code submit} queued and no agent
 * has finished, in one of four states, and the agents that ever announced themselves (so that {@code submit}
 * can tell a machine that exists from a misspelt one). Read from db-scheduler's {@code scheduled_tasks} and
 * overhead's {@code agents} table (schema 5).
 */
public final class Queue {
    private Queue() {}

    private static final ObjectMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** Where a queued study stands. */
    public enum State {
        /** waiting for its machine's agent */
        QUEUED,
        /** an agent took it and has not begun measuring (or has not stored a run yet) */
        CLAIMED,
        /** an agent is measuring it and heartbeats */
        RUNNING,
        /** its agent stopped heartbeating for longer than its claim lives: it died; its machine's next agent resumes it */
        STALLED;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One queued study.
     *
     * @param id            the queue's id, {@code SUBMISSION@MACHINE} ({@code overhead queue cancel ID})
     * @param claimedBy     the agent holding it ("beta (pid 4242)"), null while queued
     * @param lastHeartbeat when that agent last said it is alive, null while queued
     * @param study         the stored study, null until the agent begins it
     */
    public record Entry(
            String id,
            String submission,
            String machine,
            String label,
            State state,
            Instant queuedAt,
            String claimedBy,
            Instant lastHeartbeat,
            String study,
            int runs) {}

    /** An agent of a machine, as it last announced itself. */
    public record Agent(String machine, String pickedBy, Duration heartbeat, Instant firstSeen, Instant lastSeen) {}

    /** Records that this machine has an agent (and its heartbeat, which sets how long its claims live). */
    static void announce(PostgresStore pg, String machine, String pickedBy, Duration heartbeat) throws StoreException {
        String now = Times.format(Instant.now());
        pg.query("write", c -> {
            try (PreparedStatement st = c.prepareStatement("INSERT INTO agents (machine, picked_by, heartbeat_ms,"
                    + " first_seen, last_seen) VALUES (?,?,?,?,?) ON CONFLICT (machine) DO UPDATE SET picked_by ="
                    + " excluded.picked_by, heartbeat_ms = excluded.heartbeat_ms, last_seen = excluded.last_seen")) {
                st.setString(1, machine);
                st.setString(2, pickedBy);
                st.setLong(3, heartbeat.toMillis());
                st.setString(4, now);
                st.setString(5, now);
                st.executeUpdate();
            }
            return null;
        });
    }

    /** Every machine whose agent ever ran against this store, by name. */
    public static List<Agent> agents(Store store) throws StoreException {
        if (!(store instanceof PostgresStore pg)) {
            return List.of();
        }
        return pg.query("read", c -> {
            List<Agent> out = new ArrayList<>();
            try (var st = c.prepareStatement("SELECT machine, picked_by, heartbeat_ms, first_seen, last_seen FROM"
                            + " agents ORDER BY machine");
                    ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(new Agent(
                            rs.getString(1),
                            rs.getString(2),
                            Duration.ofMillis(rs.getLong(3)),
                            Times.parse(rs.getString(4)),
                            Times.parse(rs.getString(5))));
                }
            }
            return out;
        });
    }

    /** The names of {@link #agents}. */
    public static Set<String> knownMachines(Store store) throws StoreException {
        Set<String> out = new TreeSet<>();
        agents(store).forEach(a -> out.add(a.machine()));
        return out;
    }

    /** The queue, oldest first, as it stands at {@code now}. */
    public static List<Entry> list(Store store, Instant now) throws StoreException {
        if (!(store instanceof PostgresStore pg)) {
            return List.of(); // a file store has no queue
        }
        Map<String, Duration> heartbeats = new java.util.HashMap<>();
        agents(store).forEach(a -> heartbeats.put(a.machine(), a.heartbeat()));
        List<Store.StudySummary> studies = store.list();
        record Row(Fleet.Job job, Instant at, boolean picked, String by, Instant beat) {}
        List<Row> rows = pg.query("read", c -> {
            List<Row> out = new ArrayList<>();
            try (var st = c.prepareStatement("SELECT task_instance, task_data, execution_time, picked, picked_by,"
                            + " last_heartbeat FROM scheduled_tasks WHERE task_name LIKE 'overhead-study/%'"
                            + " ORDER BY execution_time, task_instance");
                    ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(new Row(
                            job(rs.getString(1), rs.getBytes(2)),
                            instant(rs.getTimestamp(3)),
                            rs.getBoolean(4),
                            rs.getString(5),
                            instant(rs.getTimestamp(6))));
                }
            }
            return out;
        });
        List<Entry> out = new ArrayList<>();
        for (Row r : rows) {
            Store.StudySummary study = null;
            for (Store.StudySummary s : studies) { // newest first
                if (r.job().machine().equals(Fleet.machineOf(r.job().submission(), s))) {
                    study = s;
                    break;
                }
            }
            Duration beat = heartbeats.getOrDefault(r.job().machine(), Duration.ofSeconds(10));
            State state;
            if (!r.picked()) {
                state = State.QUEUED;
            } else if (r.beat() != null
                    && Duration.between(r.beat(), now).compareTo(beat.multipliedBy(Fleet.MISSED_HEARTBEATS)) > 0) {
                state = State.STALLED;
            } else if (study != null && study.state().equals("running")) {
                state = State.RUNNING;
            } else {
                state = State.CLAIMED;
            }
            out.add(new Entry(
                    r.job().instance(),
                    r.job().submission(),
                    r.job().machine(),
                    r.job().label(),
                    state,
                    r.at(),
                    r.picked() ? r.by() : null,
                    r.picked() ? r.beat() : null,
                    study == null ? null : study.id(),
                    study == null ? 0 : study.runs()));
        }
        return out;
    }

    /**
     * Takes queued studies off the queue: {@code id} is one study's ({@code SUBMISSION@MACHINE}) or a
     * submission's (all its machines). A study an agent is measuring is refused (stop that agent first); a
     * stalled one is taken off (its dead agent's runs stay stored, and no agent will resume it).
     *
     * @return the ids taken off
     * @throws BadStoreValue when nothing has that id, or one of them is being measured
     */
    public static List<String> cancel(Store store, String id, Instant now) throws StoreException {
        if (!(store instanceof PostgresStore pg)) {
            throw new BadStoreValue("a file store has no queue: the queue is in the team store that 'overhead submit'"
                    + " wrote to (--store postgresql://...).");
        }
        List<Entry> matching = list(store, now).stream()
                .filter(e -> e.id().equals(id) || id.equals(e.submission()))
                .toList();
        if (matching.isEmpty()) {
            throw new BadStoreValue("nothing queued has the id '" + id + "': 'overhead queue' lists the queued studies"
                    + " (SUBMISSION@MACHINE) and their submissions.");
        }
        for (Entry e : matching) {
            if (e.state() == State.RUNNING || e.state() == State.CLAIMED) {
                throw new BadStoreValue(e.id() + " is being measured by " + e.claimedBy() + ": stop that agent"
                        + " (SIGTERM hands the study back), then cancel it.");
            }
        }
        return pg.query("write", c -> {
            List<String> done = new ArrayList<>();
            try (var st = c.prepareStatement("DELETE FROM scheduled_tasks WHERE task_name = ? AND task_instance = ?")) {
                for (Entry e : matching) {
                    st.setString(1, Fleet.taskName(e.machine()));
                    st.setString(2, e.id());
                    if (st.executeUpdate() > 0) {
                        done.add(e.id());
                    }
                }
            }
            return done;
        });
    }

    private static Fleet.Job job(String instance, byte[] data) {
        try {
            String text = Serializer.DEFAULT_JAVA_SERIALIZER.deserialize(String.class, data);
            return JSON.readValue(text, Fleet.Job.class);
        } catch (JsonProcessingException | RuntimeException e) {
            int at = instance.indexOf('@');
            String submission = at > 0 ? instance.substring(0, at) : instance;
            String machine = at > 0 ? instance.substring(at + 1) : "?";
            return new Fleet.Job(submission, machine, instance, "", null, null, null);
        }
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}

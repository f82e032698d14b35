package dev.overhead.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The fleet's queue on the team store, kept by db-scheduler (a maintained persistent scheduler, not
 * a queue of overhead's own): {@code overhead submit} schedules one execution per machine, and each
 * machine's {@code overhead agent} runs a scheduler that knows only its own machine's task, so it
 * claims only the studies queued for it, one at a time. db-scheduler marks a claimed execution as
 * picked and heartbeats it; when an agent dies, its execution's heartbeat stops, and once that
 * machine's agent runs again its scheduler finds the execution dead and revives it, and the study
 * is resumed from the runs already stored.
 */
public final class Fleet implements AutoCloseable {
    /**
     * What a queued study carries: its submission, machine, label (the history it joins: the plan's name or
     * {@code submit --label}), plan (the YAML text), and the commit and branch it measures (null where unknown).
     * A job queued before labels were the plan's has the label {@code SUBMISSION@MACHINE} and no commit.
     * {@code webhooks}: the URLs of {@code submit --notify}, told when the study's primary metric is worse.
     */
    public record Job(
            String submission,
            String machine,
            String label,
            String plan,
            String commit,
            String branch,
            List<String> webhooks) {
        public Job {
            webhooks = webhooks == null ? List.of() : List.copyOf(webhooks);
        }

        /** The queue's name of this job: unique per submission and machine, what {@code overhead queue} shows. */
        public String instance() {
            return Fleet.label(submission, machine);
        }
    }

    /** One {@code overhead submit}: the plan, the label its studies take, the machines, the commit and branch. */
    public record Submission(
            String id,
            String label,
            String plan,
            List<String> machines,
            String commit,
            String branch,
            List<String> webhooks) {
        public Submission {
            machines = List.copyOf(machines);
            webhooks = List.copyOf(webhooks);
        }
    }

    /** Measures a job: true when it is finished with (done, or failed for good), false to try again later. */
    public interface Runner {
        boolean run(Job job) throws Exception;
    }

    /** How many heartbeats an agent may miss before its study is taken back. */
    static final int MISSED_HEARTBEATS = 4;

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private final Scheduler scheduler;
    private final PostgresStore store;
    private final String machine;

    private Fleet(Scheduler scheduler, PostgresStore store, String machine) {
        this.scheduler = scheduler;
        this.store = store;
        this.machine = machine;
    }

    /** The task of one machine: its agent knows this name only. */
    static String taskName(String machine) {
        return "overhead-study/" + machine;
    }

    /**
     * The queue's id of a machine's share of a submission ({@code SUBMISSION@MACHINE}); before schema 5 it was
     * also the study's label.
     */
    public static String label(String submission, String machine) {
        return submission + "@" + machine;
    }

    /** The machine of a study labelled {@link #label}{@code (submission, machine)}, or null for a label of another. */
    public static String machineOf(String submission, String label) {
        String prefix = label(submission, "");
        return label != null && label.startsWith(prefix) && label.length() > prefix.length()
                ? label.substring(prefix.length())
                : null;
    }

    /**
     * The submission a study belongs to, or null: a label made by {@link #label}, whose first part is
     * a submission id ({@code 20261203-141500-3b9d}, as {@link StudyIds#newId} makes them).
     */
    public static String submissionOf(String label) {
        if (label == null) {
            return null;
        }
        int at = label.indexOf('@');
        return at > 0 && at < label.length() - 1 && label.substring(0, at).matches("\\d{8}-\\d{6}-[0-9a-f]{4}")
                ? label.substring(0, at)
                : null;
    }

    /** The submission a stored study belongs to, or null: its recorded submission, else one in its label. */
    public static String submissionOf(Store.StudySummary study) {
        return study.submission() != null ? study.submission() : submissionOf(study.label());
    }

    /** The same, for a loaded study: its environment's {@code submission}, else one in its label. */
    public static String submissionOf(String label, java.util.Map<String, Object> environment) {
        return environment.get("submission") instanceof String s && !s.isBlank() ? s : submissionOf(label);
    }

    private static PostgresStore team(Store store) throws StoreException {
        if (store instanceof PostgresStore pg) {
            return pg;
        }
        throw new BadStoreValue("submit and agent need a team store that every machine reaches: give --store (or"
                + " OVERHEAD_STORE) postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (docs/team.md).");
    }

    private static DataSource dataSource(StoreUrl url) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url.jdbcUrl());
        var props = url.properties();
        if (props.getProperty("user") != null) {
            ds.setUser(props.getProperty("user"));
        }
        if (props.getProperty("password") != null) {
            ds.setPassword(props.getProperty("password"));
        }
        ds.setApplicationName("overhead agent");
        ds.setConnectTimeout(10);
        ds.setTcpKeepAlive(true);
        return ds;
    }

    private static OneTimeTask<String> task(String machine, Runner runner) {
        return Tasks.oneTime(taskName(machine), String.class)
                // a study cut short (the agent stopped) is tried again a little later, by whichever agent of
                // this machine is running then
                .onFailure(new FailureHandler.OnFailureRetryLater<>(Duration.ofSeconds(5)))
                .onDeadExecutionRevive()
                .execute((instance, context) -> {
                    if (runner == null) {
                        throw new IllegalStateException("a queue client runs nothing");
                    }
                    Job job;
                    try {
                        job = JSON.readValue(instance.getData(), Job.class);
                    } catch (JsonProcessingException e) {
                        throw new IllegalStateException("a queued study that cannot be read: " + e.getMessage(), e);
                    }
                    boolean finished;
                    try {
                        finished = runner.run(job);
                    } catch (Exception e) {
                        throw new IllegalStateException(e.getMessage(), e);
                    }
                    if (!finished) {
                        throw new IllegalStateException(
                                "study " + job.label() + " was interrupted; it is taken up again");
                    }
                });
    }

    /**
     * The machine a stored study measured for {@code submission}, or null where it is not one of its
     * studies: by the study's recorded submission and machine (schema 5), else by a label of the
     * {@code SUBMISSION@MACHINE} form that submissions gave their studies before.
     */
    public static String machineOf(String submission, Store.StudySummary study) {
        if (study.submission() != null) {
            return study.submission().equals(submission) ? study.machine() : null;
        }
        return machineOf(submission, study.label());
    }

    /** The stored study of a job, if its machine has begun it: the newest, where there are several. */
    public static java.util.Optional<Store.StudySummary> studyOf(Store store, Job job) throws StoreException {
        for (Store.StudySummary s : store.list()) { // newest first
            if (job.machine().equals(machineOf(job.submission(), s))) {
                return java.util.Optional.of(s);
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * Queues one study of the plan for each machine; a machine that already has this submission
     * queued keeps it.
     *
     * @return the queue's ids of the studies queued ({@link Job#instance})
     */
    public static List<String> submit(Store store, Submission request) throws StoreException {
        PostgresStore pg = team(store);
        String submission = request.id();
        List<String> machines = request.machines();
        List<OneTimeTask<String>> tasks = new ArrayList<>();
        machines.forEach(m -> tasks.add(task(m, null)));
        SchedulerClient client = SchedulerClient.Builder.create(dataSource(pg.url()), new ArrayList<>(tasks))
                .build();
        List<String> labels = new ArrayList<>();
        Instant now = Instant.now();
        for (int i = 0; i < machines.size(); i++) {
            String machine = machines.get(i);
            Job job = new Job(
                    submission,
                    machine,
                    request.label(),
                    request.plan(),
                    request.commit(),
                    request.branch(),
                    request.webhooks());
            String label = job.instance();
            String data;
            try {
                data = JSON.writeValueAsString(job);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            try {
                client.scheduleIfNotExists(tasks.get(i).instance(label, data), now);
            } catch (RuntimeException e) {
                throw new StoreException(
                        "could not queue the study for " + machine + " in "
                                + pg.url().masked() + " (" + e.getMessage() + ").",
                        e);
            }
            labels.add(label);
        }
        return labels;
    }

    /**
     * Starts this machine's agent: a db-scheduler with one thread (never two measurements at once
     * on one machine), heartbeating every {@code heartbeat}.
     */
    public static Fleet agent(Store store, String machine, Duration heartbeat, Runner runner) throws StoreException {
        PostgresStore pg = team(store);
        String pickedBy = machine + " (pid " + ProcessHandle.current().pid() + ")";
        Scheduler scheduler = Scheduler.create(dataSource(pg.url()), task(machine, runner))
                .threads(1)
                .pollingInterval(Duration.ofSeconds(Math.max(1, Math.min(5, heartbeat.toSeconds()))))
                .heartbeatInterval(heartbeat)
                .missedHeartbeatsLimit(MISSED_HEARTBEATS)
                .schedulerName(new SchedulerName.Fixed(pickedBy))
                // Other machines' studies are unknown tasks to this agent: they wait for their own agents,
                // however long that takes, rather than being deleted after db-scheduler's default 14 days.
                .deleteUnresolvedAfter(Duration.ofDays(36_500))
                .shutdownMaxWait(Duration.ofSeconds(30))
                .build();
        scheduler.start();
        Queue.announce(pg, machine, pickedBy, heartbeat);
        return new Fleet(scheduler, pg, machine);
    }

    /** Studies queued for this machine and not finished (a dead agent's included). */
    public int waiting() throws StoreException {
        return store.query("read", c -> {
            try (PreparedStatement st =
                    c.prepareStatement("SELECT count(*) FROM scheduled_tasks WHERE task_name = ?")) {
                st.setString(1, taskName(machine));
                try (var rs = st.executeQuery()) {
                    return rs.next() ? rs.getInt(1) : 0;
                }
            }
        });
    }

    @Override
    public void close() {
        scheduler.stop();
    }
}

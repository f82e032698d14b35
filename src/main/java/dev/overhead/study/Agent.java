package dev.overhead.study;

import dev.overhead.store.Fleet;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An agent of the fleet: measures the studies queued for one machine, one at a time, as
 * {@code overhead run --plan} (or {@code overhead resume}, for one an earlier agent left unfinished)
 * would in this process; the queue itself is db-scheduler's ({@link Fleet}).
 */
public final class Agent {
    /** Runs one overhead command line in this process (the {@code cli}'s entry point); its exit code. */
    public interface Commands {
        int run(List<String> args);
    }

    private final StoreAccess store;
    private final String machine;
    private final Duration heartbeat;
    private final boolean fake;
    private final Commands commands;
    private final PrintWriter err;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private List<String> notify = List.of();

    public Agent(
            StoreAccess store, String machine, Duration heartbeat, boolean fake, Commands commands, PrintWriter err) {
        this.store = store;
        this.machine = machine;
        this.heartbeat = heartbeat;
        this.fake = fake;
        this.commands = commands;
        this.err = err;
    }

    /** Webhooks told of every study this agent measures whose primary metric is worse ({@code agent --notify}). */
    public Agent notifying(List<String> urls) {
        this.notify = List.copyOf(urls);
        return this;
    }

    private Allowance allowance = Allowance.ANY;

    /** What the studies this agent starts may run ({@code agent --allow-program}); ANY by default. */
    public Agent allowing(Allowance allowance) {
        this.allowance = allowance;
        return this;
    }

    public static boolean validName(String name) {
        return name.matches("[A-Za-z0-9._-]{1,100}");
    }

    /**
     * Measures until stopped, or with {@code once} until no study is left for this machine; 0, or
     * 143 when a signal stopped it (the study in hand is left to be resumed).
     */
    public int serve(boolean once) throws StoreException, InterruptedException {
        try (Store opened = store.open();
                Fleet fleet = Fleet.agent(opened, machine, heartbeat, this::measure)) {
            Runtime.getRuntime().addShutdownHook(new Thread(fleet::close)); // a stop while idle hands nothing back
            err.println("agent " + machine + ": measuring the studies queued for it in " + store.describe()
                    + (once ? " until none is left" : ""));
            err.flush();
            while (!stopping.get()) {
                Thread.sleep(1000);
                if (once && fleet.waiting() == 0) {
                    break;
                }
            }
        }
        return stopping.get() ? 143 : 0;
    }

    /** One study: run from its plan, or resumed where an earlier agent of this machine left it. */
    private boolean measure(Fleet.Job job) throws IOException, StoreException {
        Optional<Store.StudySummary> existing;
        try (Store opened = store.openForReading()) {
            existing = Fleet.studyOf(opened, job);
        }
        if (existing.isPresent() && existing.get().state().equals("done")) {
            return true;
        }
        List<String> args = new ArrayList<>();
        Path plan = null;
        if (existing.isPresent()) {
            err.println("agent " + job.machine() + ": resuming study " + job.instance() + " ("
                    + existing.get().id() + ")");
            args.addAll(List.of("resume", existing.get().id()));
        } else {
            err.println("agent " + job.machine() + ": starting study " + job.instance() + " labelled '" + job.label()
                    + "'");
            plan = Files.createTempFile("overhead-plan-", ".yaml");
            Files.writeString(plan, job.plan(), StandardCharsets.UTF_8);
            args.addAll(List.of("run", "--plan", plan.toString(), "--label", job.label()));
            if (!allowance.any()) {
                args.addAll(List.of("--allow-programs", allowance.list()));
            }
        }
        args.addAll(List.of("--store", store.value()));
        if (fake) {
            args.add("--fake-exec");
        }
        for (String url :
                new java.util.LinkedHashSet<>(java.util.stream.Stream.concat(notify.stream(), job.webhooks().stream())
                        .toList())) {
            args.addAll(List.of("--notify", url));
        }
        err.flush();
        int code;
        // the study records which machine ran it, for which submission, and the commit it measured
        try (var told = Told.of(new Provenance(job.submission(), job.machine(), job.commit(), job.branch()))) {
            code = commands.run(args);
        } catch (RuntimeException | LinkageError e) {
            // a fault of overhead itself: said once, and the job ends, rather than retried in silence for ever
            err.println("agent " + job.machine() + ": study " + job.instance() + " stopped on an error in overhead ("
                    + e + "); what it stored is kept, and 'overhead resume' takes it up once that is mended");
            err.flush();
            return true;
        } finally {
            if (plan != null) {
                Files.deleteIfExists(plan);
            }
        }
        if (code == 130 || code == 143) { // this agent was asked to stop: the study is left to be resumed
            stopping.set(true);
            return false;
        }
        err.println("agent " + job.machine() + ": study " + job.instance() + " ended with exit code " + code);
        err.flush();
        return true;
    }
}

package dev.overhead.cli;

import dev.overhead.plan.Durations;
import dev.overhead.store.Fleet;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.team.Provenance;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code overhead agent --machine a}: measures the studies queued for machine a, one at a time, as
 * {@code overhead run --plan} (or {@code overhead resume}, for one an earlier agent left unfinished)
 * would in this process; the queue itself is db-scheduler's ({@link Fleet}).
 */
@Command(
        name = "agent",
        description = "Measure the studies queued for this machine in the team store, one at a time (docs/team.md).")
final class AgentCommand implements Callable<Integer> {
    @Option(names = "--machine", paramLabel = "NAME", description = "This machine's name (default: its host name).")
    String machine;

    @Option(names = "--once", description = "Stop when no study is left for this machine.")
    boolean once;

    @Option(
            names = "--heartbeat",
            paramLabel = "DURATION",
            defaultValue = "10s",
            description = "How often the agent tells the store it is alive; a study is taken back from an agent that"
                    + " misses 4 (default: ${DEFAULT-VALUE}).")
    String heartbeat;

    @Option(names = "--fake-exec", hidden = true)
    boolean fake;

    @Mixin
    StoreOption storeOption;

    @Spec
    CommandSpec spec;

    private final AtomicBoolean stopping = new AtomicBoolean();

    static boolean validName(String name) {
        return name.matches("[A-Za-z0-9._-]{1,100}");
    }

    @Override
    public Integer call() throws StoreException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        Duration beat;
        try {
            beat = Durations.parse(heartbeat);
        } catch (IllegalArgumentException e) {
            throw UserError.usage("--heartbeat " + e.getMessage());
        }
        String name = machine != null ? machine : hostName();
        if (!validName(name)) {
            throw UserError.usage(
                    "--machine '" + name + "' is not a machine name: use letters, digits, '.', '_' and" + " '-'.");
        }
        if (!storeOption.isServer()) {
            throw UserError.usage("agent needs the team store the studies were submitted to: give --store (or"
                    + " OVERHEAD_STORE) postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (docs/team.md).");
        }
        try (Store store = storeOption.open();
                Fleet fleet = Fleet.agent(store, name, beat, job -> measure(job, err))) {
            Runtime.getRuntime().addShutdownHook(new Thread(fleet::close)); // a stop while idle hands nothing back
            err.println("agent " + name + ": measuring the studies queued for it in " + storeOption.describe()
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
    private boolean measure(Fleet.Job job, PrintWriter err) throws IOException, StoreException {
        Optional<Store.StudySummary> existing;
        try (Store store = storeOption.openForReading()) {
            existing = Fleet.studyOf(store, job);
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
        }
        args.addAll(List.of("--store", storeOption.value()));
        if (fake) {
            args.add("--fake-exec");
        }
        err.flush();
        int code;
        // the study records which machine ran it, for which submission, and the commit it measured
        try (var told = Told.of(new Provenance(job.submission(), job.machine(), job.commit(), job.branch()))) {
            code = Main.run(args.toArray(String[]::new), spec.commandLine().getOut(), err);
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

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}

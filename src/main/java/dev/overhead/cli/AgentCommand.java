package dev.overhead.cli;

import dev.overhead.plan.Durations;
import dev.overhead.store.StoreException;
import dev.overhead.study.Agent;
import dev.overhead.study.Allowance;
import dev.overhead.study.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code overhead agent --machine a}: the options of an {@link Agent} for machine a. */
@Command(
        name = "agent",
        description = "Measure the studies queued for this machine in the team store, one at a time (docs/team.md).")
final class AgentCommand implements Callable<Integer> {
    @Option(names = "--machine", paramLabel = "NAME", description = "This machine's name (default: its host name).")
    String machine;

    @Option(names = "--once", description = "Stop when no study is left for this machine.")
    boolean once;

    @Option(
            names = "--allow-program",
            paramLabel = "NAME",
            split = ",",
            description = "Run only studies whose every program is one of these (names, or paths; 'sh' allows shell"
                    + " text, '*' anything): anyone who may queue work could otherwise run any command here.")
    java.util.List<String> allowPrograms = new java.util.ArrayList<>();

    @Option(
            names = "--heartbeat",
            paramLabel = "DURATION",
            defaultValue = "10s",
            description = "How often the agent tells the store it is alive; a study is taken back from an agent that"
                    + " misses 4 (default: ${DEFAULT-VALUE}).")
    String heartbeat;

    @Option(
            names = "--notify",
            paramLabel = "URL",
            description = "POST JSON to URL when a study this agent measures has its primary metric worse"
                    + " (repeatable; besides those of 'submit --notify').")
    java.util.List<String> notify = new java.util.ArrayList<>();

    @Option(names = "--fake-exec", hidden = true)
    boolean fake;

    @Mixin
    StoreOption storeOption;

    @Spec
    CommandSpec spec;

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
        if (!Agent.validName(name)) {
            throw UserError.usage(
                    "--machine '" + name + "' is not a machine name: use letters, digits, '.', '_' and" + " '-'.");
        }
        if (!storeOption.isServer()) {
            throw UserError.usage("agent needs the team store the studies were submitted to: give --store (or"
                    + " OVERHEAD_STORE) postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (docs/team.md).");
        }
        if (allowPrograms.isEmpty()) {
            err.println("warning: agent " + name + " runs any command a study queued for it names, as this user:"
                    + " give --allow-program NAME,... to run only those programs (docs/team.md)");
        }
        PrintWriter out = spec.commandLine().getOut();
        return new Agent(
                        storeOption.access(),
                        name,
                        beat,
                        fake,
                        args -> Main.run(args.toArray(String[]::new), out, err),
                        err)
                .notifying(dev.overhead.study.Alerts.urls(notify).stream()
                        .map(Object::toString)
                        .toList())
                .allowing(Allowance.of(allowPrograms))
                .serve(once);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}

package dev.overhead.cli;

import dev.overhead.store.StoreException;
import dev.overhead.study.Agent;
import dev.overhead.study.PlanReading;
import dev.overhead.study.Submissions;
import dev.overhead.study.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code overhead submit --plan FILE --machines a,b,c}: one study of the plan queued for each machine's agent. */
@Command(
        name = "submit",
        description = "Queue one study of a plan for each machine in the team store; each machine's 'overhead agent'"
                + " measures its own (docs/team.md).")
final class SubmitCommand implements Callable<Integer> {
    @Option(names = "--plan", required = true, paramLabel = "FILE", description = "The plan (YAML) to measure.")
    Path plan;

    @Option(
            names = "--machines",
            required = true,
            split = ",",
            paramLabel = "A,B,...",
            description = "The machines to measure it on, as their agents are named (--machine).")
    List<String> machines = new ArrayList<>();

    @Option(
            names = "--label",
            paramLabel = "NAME",
            description = "The label of the study queued on every machine, the history it joins (default: the plan's"
                    + " name).")
    String label;

    @Option(
            names = "--commit",
            paramLabel = "SHA",
            description = "The commit measured (default: HEAD of the git work tree submit runs in).")
    String commit;

    @Option(
            names = "--branch",
            paramLabel = "NAME",
            description = "The branch measured (default: the git work tree's branch).")
    String branch;

    @Option(
            names = "--new-machine",
            description = "Queue for machines no agent has announced yet (their studies wait until one starts).")
    boolean newMachine;

    @Option(
            names = "--notify",
            paramLabel = "URL",
            description = "POST JSON to URL when a machine's study has its primary metric worse (repeatable).")
    List<String> notify = new ArrayList<>();

    @Mixin
    StoreOption storeOption;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws StoreException {
        var read = PlanReading.read(plan); // a plan that does not read is refused here, not on every machine later
        String text;
        try {
            text = Files.readString(plan, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw UserError.usage("cannot read the plan " + plan + ": " + e.getMessage());
        }
        List<String> names = List.copyOf(
                new LinkedHashSet<>(machines.stream().map(String::strip).toList()));
        for (String m : names) {
            if (!Agent.validName(m)) {
                throw UserError.usage(
                        "--machines: '" + m + "' is not a machine name: use letters, digits, '.', '_'" + " and '-'.");
            }
        }
        if (!storeOption.isServer()) {
            throw UserError.usage("submit needs a team store that every machine reaches: give --store (or"
                    + " OVERHEAD_STORE) postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (docs/team.md).");
        }
        Submissions.Queued queued = Submissions.submit(
                storeOption.access(),
                read.name(),
                text,
                label,
                names,
                commit,
                branch,
                newMachine,
                notify,
                spec.commandLine().getErr());
        String submission = queued.submission();
        List<String> labels = queued.ids();
        String studyLabel = queued.label();
        PrintWriter out = spec.commandLine().getOut();
        out.println("submission " + submission + ": " + labels.size() + (labels.size() == 1 ? " study" : " studies")
                + " labelled '" + studyLabel + "' queued in " + storeOption.describe());
        for (int i = 0; i < names.size(); i++) {
            out.println("  " + labels.get(i) + "  for 'overhead agent --machine " + names.get(i) + "'");
        }
        out.println("'overhead queue' shows them; 'overhead compare --submission " + submission
                + "' compares the machines once they are done.");
        return 0;
    }
}

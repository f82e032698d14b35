package dev.overhead.study;

import dev.overhead.model.StudyResult;
import dev.overhead.store.Fleet;
import dev.overhead.store.Queue;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.store.StudyIds;
import dev.overhead.verdicts.PooledSubmission;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The studies one {@code overhead submit} queued, one per machine, judged each on its own and then
 * pooled with the machine as a level (docs/statistics.md, "Across machines").
 */
public final class Submissions {
    private Submissions() {}

    /** @param judged the study as the command's verdict options judge it */
    public static PooledSubmission pooled(
            StoreAccess storeAccess, String submission, UnaryOperator<StudyResult> judged) {
        List<PooledSubmission.Machine> machines = new ArrayList<>();
        try (Store store = storeAccess.openForReading()) {
            for (Store.StudySummary s : store.list().reversed()) {
                String machine = Fleet.machineOf(submission, s);
                if (machine != null) {
                    machines.add(new PooledSubmission.Machine(
                            machine, judged.apply(StudyLoading.fromStore(store, s.id())), s.state(), s.runs()));
                }
            }
        } catch (StoreException e) {
            throw StoreAccess.refusal(e);
        }
        if (machines.isEmpty()) {
            throw new UserError(
                    1,
                    "no study of submission '" + submission + "' is in " + storeAccess.describe()
                            + ": 'overhead list' shows the stored studies (labelled SUBMISSION@MACHINE).");
        }
        return PooledSubmission.of(submission, machines);
    }

    /**
     * What {@code overhead submit} queued: the submission's id, the label its studies take on each machine
     * (the history they join) and the queue's ids of the studies ({@code SUBMISSION@MACHINE}), one per machine.
     */
    public record Queued(String submission, String label, List<String> ids) {}

    /**
     * Queues the plan for each machine under one label, with the commit and branch measured (given, else the
     * git work tree submit runs in). A machine no agent has announced is refused unless {@code newMachine}
     * (a misspelt name would wait for ever), and warned about when it is queued anyway.
     *
     * @param label the label given ({@code submit --label}), else null for the plan's name
     * @param notify the webhooks each machine's agent tells when its study's primary metric is worse
     */
    public static Queued submit(
            StoreAccess storeAccess,
            String planName,
            String planText,
            String label,
            List<String> machines,
            String commit,
            String branch,
            boolean newMachine,
            List<String> notify,
            PrintWriter err)
            throws StoreException {
        String studyLabel = label != null ? label.strip() : planName;
        if (studyLabel == null || studyLabel.isBlank()) {
            throw UserError.usage("the plan has no name: give its studies a label with --label NAME (or a 'name:' in"
                    + " the plan), the history they join on each machine.");
        }
        Provenance revision = new Provenance(null, null, commit, branch)
                .orElse(GitRevision.of(Path.of("").toAbsolutePath()));
        String submission = StudyIds.newId(Instant.now());
        try (Store store = storeAccess.open()) {
            Set<String> known = Queue.knownMachines(store);
            List<String> unknown =
                    machines.stream().filter(m -> !known.contains(m)).toList();
            if (!unknown.isEmpty() && !newMachine) {
                throw UserError.usage("no agent has announced " + String.join(", ", unknown) + " in "
                        + storeAccess.describe() + " (known: " + (known.isEmpty() ? "none" : String.join(", ", known))
                        + "): check the spelling, or give --new-machine to queue for a machine whose agent is yet to"
                        + " start.");
            }
            for (String m : unknown) {
                err.println("warning: no agent has announced " + m + " yet: its study waits until 'overhead agent"
                        + " --machine " + m + "' runs against this store.");
            }
            List<String> ids = Fleet.submit(
                    store,
                    new Fleet.Submission(
                            submission,
                            studyLabel,
                            planText,
                            machines,
                            revision.commit(),
                            revision.branch(),
                            Alerts.urls(notify).stream().map(Object::toString).toList()));
            return new Queued(submission, studyLabel, ids);
        }
    }
}

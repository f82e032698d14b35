package dev.overhead.study;

import dev.overhead.model.StudyResult;
import dev.overhead.store.Fleet;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.verdicts.PooledSubmission;
import java.util.ArrayList;
import java.util.List;
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
                String machine = Fleet.machineOf(submission, s.label());
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
}

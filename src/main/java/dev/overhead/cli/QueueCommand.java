package dev.overhead.cli;

import dev.overhead.store.Queue;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.study.QueueView;
import dev.overhead.study.UserError;
import java.time.Instant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code overhead queue}: the studies submitted and not finished; {@code overhead queue cancel ID}. */
@Command(
        name = "queue",
        description = "List the studies queued in the team store (queued, claimed, running or stalled).",
        subcommands = {QueueCommand.Cancel.class})
final class QueueCommand extends StoreAdminCommand {
    @Override
    public Integer call() throws StoreException {
        try (Store store = teamStore(storeOption)) {
            out().print(QueueView.render(Queue.list(store, Instant.now()), Instant.now()));
        }
        out().flush();
        return 0;
    }

    static Store teamStore(StoreOption storeOption) {
        if (!storeOption.isServer()) {
            throw UserError.usage("the queue is in the team store 'overhead submit' wrote to: give --store (or"
                    + " OVERHEAD_STORE) postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (docs/team.md).");
        }
        return storeOption.open();
    }

    @Command(
            name = "cancel",
            description = "Take a queued or stalled study (SUBMISSION@MACHINE) or a whole submission off the queue.")
    static final class Cancel extends StoreAdminCommand {
        @Parameters(paramLabel = "ID", description = "SUBMISSION@MACHINE as 'overhead queue' shows it, or SUBMISSION.")
        String id;

        @Override
        public Integer call() throws StoreException {
            try (Store store = teamStore(storeOption)) {
                for (String done : Queue.cancel(store, id.strip(), Instant.now())) {
                    out().println("cancelled " + done);
                }
            } catch (dev.overhead.store.BadStoreValue e) {
                throw new UserError(1, e.getMessage(), e);
            }
            out().flush();
            return 0;
        }
    }
}

package dev.overhead.cli;

import dev.overhead.store.Store;
import dev.overhead.store.StoreAdmin;
import dev.overhead.store.StoreException;
import dev.overhead.store.StudyDefinition;
import dev.overhead.study.UserError;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code overhead delete STUDY...}: studies and their runs out of the store, all or none. */
@Command(name = "delete", description = "Delete stored studies and all their runs.")
final class DeleteCommand extends StoreAdminCommand {
    @Parameters(paramLabel = "STUDY", arity = "1..*", description = "Study ids, id prefixes or labels.")
    List<String> studies = new ArrayList<>();

    @Override
    public Integer call() throws StoreException {
        PrintWriter out = out();
        if (!storeOption.mayExist()) { // deleting never makes a store
            throw new UserError(
                    1,
                    "no stored study is called '" + studies.getFirst() + "' (there is no store at " + storeOption.file()
                            + " yet).");
        }
        try (Store store = storeOption.openForAdmin()) {
            // every name first, so that a mistyped one deletes nothing
            Map<String, StudyDefinition> found = new LinkedHashMap<>();
            for (String name : studies) {
                Optional<StudyDefinition> d = store.studyDefinition(name);
                if (d.isEmpty()) {
                    throw new UserError(
                            1,
                            "no stored study is called '" + name
                                    + "'; nothing was deleted ('overhead list' shows the stored studies).");
                }
                found.putIfAbsent(d.get().info().id(), d.get());
            }
            StoreAdmin.delete(store, List.copyOf(found.keySet()));
            found.values()
                    .forEach(d -> out.println("deleted study " + d.info().id()
                            + (d.info().label() == null ? "" : " (" + d.info().label() + ")")));
        }
        return 0;
    }
}

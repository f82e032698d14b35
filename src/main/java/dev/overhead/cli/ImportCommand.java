package dev.overhead.cli;

import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.store.Store;
import dev.overhead.store.StoreAdmin;
import dev.overhead.store.StoreException;
import dev.overhead.store.StudyIds;
import dev.overhead.study.StudyLoading;
import dev.overhead.study.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code overhead import FILE...}: other tools' results (and overhead's own) into the store. */
@Command(
        name = "import",
        description = "Put result files (overhead JSON, CSV, hyperfine, PTS, Go bench, pyperf), or a whole store"
                + " written by export-all, in the store.")
final class ImportCommand extends StoreAdminCommand {
    @Parameters(paramLabel = "FILE", arity = "1..*")
    List<Path> files = new ArrayList<>();

    /** A whole store, as 'overhead export-all' writes it: an SQLite file, told by its header. */
    static boolean isStoreFile(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(16), StandardCharsets.ISO_8859_1).equals("SQLite format 3\0");
        } catch (IOException e) {
            return false;
        }
    }

    private void importStores(List<Path> stores, PrintWriter out) throws StoreException {
        Path into = storeOption.file(); // null for a team store: no file of its own to import by mistake
        for (Path source : stores) {
            if (into != null && OutputGuard.same(source, into)) {
                throw UserError.usage(source + " is the store itself: give another store file to import.");
            }
        }
        try (Store store = storeOption.openForAdmin()) {
            for (Path source : stores) {
                StoreAdmin.Imported done = StoreAdmin.importAll(store, source);
                out.println("imported " + done.added().size() + " studies from " + source
                        + (done.alreadyThere().isEmpty()
                                ? ""
                                : "; " + done.alreadyThere().size() + " were already in the store and left as"
                                        + " they are"));
            }
        }
    }

    @Override
    public Integer call() throws StoreException {
        PrintWriter out = out();
        List<Path> stores = files.stream().filter(ImportCommand::isStoreFile).toList();
        if (!stores.isEmpty()) {
            importStores(stores, out);
        }
        List<Path> results = files.stream().filter(f -> !stores.contains(f)).toList();
        if (results.isEmpty()) {
            return 0;
        }
        List<Path> files = results;
        List<StudyResult> studies = new ArrayList<>();
        for (Path file : files) {
            studies.add(StudyLoading.fromFile(file.toString()));
        }
        try (Store store = storeOption.open()) {
            for (int i = 0; i < studies.size(); i++) {
                StudyResult s = studies.get(i);
                StudyInfo info = s.info();
                boolean taken = info.id() == null
                        || info.id().isBlank()
                        || store.load(info.id()).isPresent();
                // other tools' files may carry no date: the study is then dated by its import
                Instant created = info.created() == null ? Instant.now() : info.created();
                s = new StudyResult(
                        new StudyInfo(
                                taken ? StudyIds.newId(Instant.now()) : info.id(),
                                info.label() == null
                                        ? files.get(i).getFileName().toString()
                                        : info.label(),
                                created,
                                info.settings()),
                        s.environment(),
                        s.workloads(),
                        List.of(),
                        s.warnings(),
                        List.of());
                store.importStudy(s);
                out.println("imported " + files.get(i) + " as study " + s.info().id());
            }
        }
        return 0;
    }
}

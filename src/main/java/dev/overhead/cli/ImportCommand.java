package dev.overhead.cli;

import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.store.StudyIds;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code overhead import FILE...}: other tools' results (and overhead's own) into the store. */
@Command(
        name = "import",
        description = "Put result files (overhead JSON, CSV, hyperfine, PTS, Go bench, pyperf) in the store.")
final class ImportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", arity = "1..*")
    List<Path> files = new ArrayList<>();

    @Mixin
    StoreOption storeOption;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws StoreException {
        PrintWriter out = spec.commandLine().getOut();
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
                        s.warnings());
                store.importStudy(s);
                out.println("imported " + files.get(i) + " as study " + s.info().id());
            }
        }
        return 0;
    }
}

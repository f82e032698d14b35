package dev.overhead.cli;

import dev.overhead.analysis.Analyzer;
import dev.overhead.interop.Formats;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudyResult;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code overhead compare}: result files of any known format and stored studies, judged by the same
 * engine. Two stored studies of one variant each compare as baseline and candidate (the cross-boot
 * case: run, reboot into another kernel, run, compare).
 */
@Command(name = "compare", description = {"Compare result files (overhead JSON, sample CSV, hyperfine, PTS,",
    "Go benchmarks, pyperf) and stored studies, with the same statistics as run."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(paramLabel = "INPUT", arity = "1..*", description = "Result files, or stored study ids or labels.")
    List<String> inputs = new ArrayList<>();

    @Mixin
    VerdictOptions verdict;

    @Mixin
    StoreOption storeOption;

    @Mixin
    OutputOptions outputs;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Outputs.format(outputs.format);
        List<StudyResult> studies = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        List<String> stored = new ArrayList<>();
        for (String input : inputs) {
            if (StudyLoading.isFile(input)) {
                files.add(Path.of(input));
            } else {
                stored.add(input);
            }
        }
        if (!files.isEmpty()) {
            try {
                studies.add(Formats.readAll(files));
            } catch (IllegalArgumentException e) {
                throw new UserError(1, e.getMessage(), e);
            } catch (java.io.IOException e) {
                throw new UserError(1, "a file cannot be read (" + e.getMessage() + ")", e);
            }
        }
        List<StudyResult> fromStore = new ArrayList<>();
        if (!stored.isEmpty()) {
            try (Store store = storeOption.open()) {
                for (String id : stored) {
                    fromStore.add(StudyLoading.fromStore(store, id));
                }
            } catch (StoreException e) {
                throw UserError.failed(e.getMessage(), e);
            }
        }
        studies.addAll(fromStore);
        StudyResult merged = StudyMerge.merge(studies);
        List<String> warnings = new ArrayList<>();
        if (fromStore.size() >= 2) {
            warnings.addAll(Machine.environmentDifferences(fromStore.get(0), fromStore.get(fromStore.size() - 1)));
        }
        if (verdict.baseline != null && !merged.variantNames().contains(verdict.baseline)) {
            throw UserError.usage("--baseline " + verdict.baseline + " names no variant; the variants are "
                    + merged.variantNames());
        }
        if (merged.variantNames().size() < 2) {
            throw new UserError(1, "there is only one variant (" + merged.variantNames()
                    + ") in the inputs: give files or studies with at least two variants to compare");
        }
        StudyResult analysed = merged.withComparisons(Analyzer.compare(merged, verdict.baseline,
                verdict.compareOptions(), Machine.methodFor(merged)), warnings);
        new Outputs(spec.commandLine().getOut(), spec.commandLine().getErr(), outputs).write(analysed);
        return FailIfWorse.exitCode(analysed, verdict.failIfWorsePct(), spec.commandLine().getErr());
    }

    /** Puts several studies side by side; variant names that collide get the study's label or id. */
    static final class StudyMerge {
        private StudyMerge() {}

        static StudyResult merge(List<StudyResult> studies) {
            if (studies.size() == 1) {
                return studies.getFirst();
            }
            Map<String, List<dev.overhead.model.VariantResult>> byWorkload = new LinkedHashMap<>();
            Map<String, dev.overhead.model.Workload> workloads = new LinkedHashMap<>();
            List<String> warnings = new ArrayList<>();
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (StudyResult s : studies) {
                String studyName = s.info().label() != null && !s.info().label().isBlank() ? s.info().label()
                        : s.info().id();
                boolean single = s.variantNames().size() == 1;
                for (var w : s.workloads()) {
                    workloads.putIfAbsent(w.name(), w.workload());
                    for (var v : w.variants()) {
                        String name = single ? studyName : v.name();
                        if (!seen.add(w.name() + "\u0000" + name)) {
                            name = studyName + ":" + v.name();
                            seen.add(w.name() + "\u0000" + name);
                        }
                        var variant = new dev.overhead.model.Variant(name, v.variant().env(), v.variant().prefix(),
                                v.variant().setup(), v.variant().cleanup());
                        byWorkload.computeIfAbsent(w.name(), k -> new ArrayList<>())
                                .add(new dev.overhead.model.VariantResult(variant, v.runs()));
                    }
                }
                warnings.addAll(s.warnings());
            }
            List<dev.overhead.model.WorkloadResult> merged = new ArrayList<>();
            byWorkload.forEach((name, variants) -> {
                if (variants.size() < 2) {
                    warnings.add("workload " + name + " appears in only one input and is not compared");
                }
                merged.add(new dev.overhead.model.WorkloadResult(workloads.get(name), variants));
            });
            StudyInfo info = new StudyInfo("compare", studies.stream().map(s -> s.info().label() == null
                    ? s.info().id() : s.info().label()).reduce((a, b) -> a + " vs " + b).orElse(""),
                    Instant.now(), Map.of());
            return new StudyResult(info, studies.getFirst().environment(), merged, List.of(), warnings);
        }
    }
}

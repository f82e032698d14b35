package dev.overhead.why;

import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Puts the profiled runs of one workload together into its {@link WhyReport}: every candidate against the baseline. */
public final class WhyReports {
    private WhyReports() {}

    public static WhyReport of(
            Workload workload,
            List<Variant> variants,
            List<List<ProfiledRun>> runs,
            Profiler.Settings settings,
            StudySettings study,
            Path dir,
            List<String> notes) {
        int base = 0;
        for (int i = 0; i < variants.size(); i++) {
            if (variants.get(i).name().equals(study.baseline())) {
                base = i;
            }
        }
        WhyAnalysis.Options options = new WhyAnalysis.Options(
                study.compare().confidence(),
                study.compare().thresholdPct(),
                WhyAnalysis.Options.DEFAULT.minSharePct(),
                WhyAnalysis.Options.DEFAULT.flameMinPoints());
        List<WhyReport.Diff> diffs = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
            if (i != base) {
                diffs.add(WhyAnalysis.diff(variants.get(i).name(), runs.get(base), runs.get(i), options));
            }
        }
        List<String> allNotes = new ArrayList<>(notes);
        if (settings.syscalls() != SyscallTool.NONE
                && diffs.stream().anyMatch(d -> d.syscalls().isEmpty())) {
            allNotes.add("system calls could not be counted with "
                    + settings.syscalls().word()
                    + " in every run (a variant that runs under a tracer itself cannot be traced by strace)");
        }
        String command = String.join(" ", Profiler.command(workload, Variant.plain("base")));
        return new WhyReport(
                workload.name(),
                command,
                settings.event(),
                settings.event().startsWith("cpu-clock") || settings.event().startsWith("task-clock") ? "ns" : "events",
                settings.frequency(),
                settings.callGraph(),
                settings.syscalls().word(),
                settings.rounds(),
                variants.stream().map(Variant::name).toList(),
                variants.get(base).name(),
                dir.toString(),
                diffs,
                allNotes);
    }
}

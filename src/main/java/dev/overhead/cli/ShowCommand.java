package dev.overhead.cli;

import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.StudySettingsCodec;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.study.Masking;
import dev.overhead.study.StudyLoading;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code overhead show STUDY}: what a study is and every run it holds (the report judges them). */
@Command(name = "show", description = "Show a stored study: its options, commands and every run.")
final class ShowCommand implements Callable<Integer> {
    @Parameters(paramLabel = "STUDY", description = "A study id, id prefix or label, or a result file.")
    String study;

    @Mixin
    StoreOption storeOption;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        StudyResult s = StudyLoading.load(storeOption.access(), study);
        PrintWriter out = spec.commandLine().getOut();
        out.println("study    " + s.info().id()
                + (s.info().label() == null ? "" : "  (" + s.info().label() + ")"));
        out.println("created  " + s.info().created());
        out.println("options  " + StudySettingsCodec.write(s.info().settings()));
        for (WorkloadResult w : s.workloads()) {
            out.println();
            out.println("workload " + w.name()
                    + (w.workload().command().isEmpty()
                            ? ""
                            : ": " + String.join(" ", w.workload().command())));
            for (VariantResult v : w.variants()) {
                out.println("  variant " + v.name() + "  env "
                        + Masking.env(v.variant().env()) + "  prefix "
                        + String.join(" ", v.variant().prefix()) + "  ("
                        + v.runs().size() + " runs)");
                out.printf(
                        Locale.ROOT,
                        "    %4s %5s %5s %4s %10s %9s %9s %10s %9s %9s%n",
                        "run",
                        "seq",
                        "round",
                        "exit",
                        "wall_s",
                        "user_s",
                        "sys_s",
                        "rss_kib",
                        "minflt",
                        "invol_cs");
                for (Run r : v.runs()) {
                    out.printf(
                            Locale.ROOT,
                            "    %4d %5d %5d %4d %10.6f %9.6f %9.6f %10d %9d %9d%s%s%n",
                            r.index(),
                            r.sequence(),
                            r.round(),
                            r.exitCode(),
                            r.wallS(),
                            r.userS(),
                            r.sysS(),
                            r.maxRssKib(),
                            r.minorFaults(),
                            r.involuntaryCs(),
                            (r.build() == null ? "" : "  build " + r.build())
                                    + (r.boot() == null ? "" : "  boot " + r.boot()), // levels only
                            r.metrics().isEmpty() ? "" : "  " + r.metrics());
                }
            }
        }
        s.warnings().forEach(w -> out.println("note: " + w));
        return 0;
    }
}

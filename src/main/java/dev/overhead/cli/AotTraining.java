package dev.overhead.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The training run of the JVM's AOT cache (src/dist/aot-train.sh; docs/performance.md, "Start-up"), not a
 * command: the short commands people run most, once each in one JVM, so that the cache holds the classes
 * they load and link and the profiles of the methods they run. A cache trained on {@code compare} alone
 * left {@code report}'s store and {@code run}'s executor out. Usage: {@code AotTraining SCRATCH-DIR [FAMILY]}, FAMILY
 * one of {@code version}, {@code compare} (that command alone) or {@code all} (the default).
 */
public final class AotTraining {
    private AotTraining() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        // what Main.main sets for the commands trained here, so that the cache holds the classes they load
        System.setProperty("picocli.disable.closures", "true");
        Main.leaveOutUnusedConverters();
        Main.nameLoggingProvider(new String[] {"report"});
        StringBuilder csv = new StringBuilder("workload,variant,metric,value\n");
        for (String v : new String[] {"base", "cand"}) {
            for (int i = 1; i <= 30; i++)
                csv.append("train,")
                        .append(v)
                        .append(",wall,0.0")
                        .append(10 + i % 7)
                        .append('\n');
        }
        Path sample = Files.writeString(dir.resolve("train.csv"), csv);
        String store = dir.resolve("train.db").toString();
        // A family's own cache (the launcher picks it by the first argument) holds only what that command
        // loads: each start loads every class of its cache, about 20 µs of CPU apiece.
        switch (args.length > 1 ? args[1] : "all") {
            case "version" -> run("--version");
            case "compare" -> run("compare", sample.toString());
            default -> {
                run("--version");
                run("compare", sample.toString());
                run("run", "--fake-exec", "--store", store, "--label", "train", "--runs", "5", "sleep 1", "sleep 2");
                // and a real study of two runs: the machine probe, its commands and the forking helper were
                // 200 classes loaded from the jar at every study's start (docs/performance.md, "A whole study")
                run("run", "--store", store, "--label", "train-real", "--runs", "2", "--warmup", "0", "true");
                run("report", "--store", store, "train");
                run("compare", "--help");
            }
        }
        // Every command ends in System.exit (Main.main), and Runtime.exit looks up the JDK's System.Logger
        // for its debug log: 25 JDK classes and their set-up. Ending the training the same way puts them in
        // the cache (measured: System.exit cost 12 ms of CPU over returning from main, 7 ms with them cached).
        System.exit(0);
    }

    private static void run(String... args) {
        int code = Main.runStandard(args); // the training's output goes to /dev/null (aot-train.sh)
        if (code != 0) { // a training run that fails trains the wrong path: say so, the build goes on
            System.err.println("[overhead aot] training: 'overhead " + String.join(" ", args) + "' exited " + code);
        }
    }
}

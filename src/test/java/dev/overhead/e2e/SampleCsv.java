package dev.overhead.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Sample files in overhead's CSV format (docs/cli.md, "Sample files"), as other tools' results come in. */
final class SampleCsv {
    private SampleCsv() {}

    /**
     * A dbench throughput in MB/s (higher is better) of the variants {@code base} and {@code hardened},
     * one row per value, written to {@code file}.
     */
    static Path dbench(Path file, double[] base, double[] hardened) throws IOException {
        StringBuilder csv = new StringBuilder("workload,variant,metric,value,better,unit\n");
        for (double v : base) {
            csv.append("dbench,base,throughput,").append(v).append(",higher,MB/s\n");
        }
        for (double v : hardened) {
            csv.append("dbench,hardened,throughput,").append(v).append(",higher,MB/s\n");
        }
        return Files.writeString(file, csv);
    }
}

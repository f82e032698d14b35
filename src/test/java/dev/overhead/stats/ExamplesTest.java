package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seeds' own numbers through the engine: the table in docs/statistics.md is the golden file
 * docs/examples/verdicts.md, rendered here; a mismatch writes verdicts.md.got beside it.
 */
class ExamplesTest {
    static final Path DIR = Path.of(System.getProperty("overhead.project.root", "."), "docs", "examples");

    @Test
    void seedVerdictsMatchTheDocumentedTable() throws IOException {
        StringBuilder out = new StringBuilder();
        out.append("| file | workload | metric | baseline → candidate | n | change | 95% interval | p | verdict"
                + " | runs needed |\n|---|---|---|---|---|---:|---|---:|---|---:|\n");
        for (String file : List.of("seed001-hardened-atomic.csv", "seed004-strace-getsiginfo.csv")) {
            for (Group g : read(DIR.resolve(file))) {
                String[] names = g.values().keySet().toArray(String[]::new);
                double[] b = g.values().get(names[0]).stream()
                        .mapToDouble(Double::doubleValue)
                        .toArray();
                double[] c = g.values().get(names[1]).stream()
                        .mapToDouble(Double::doubleValue)
                        .toArray();
                Comparison r = Comparisons.compare(b, c, g.better(), CompareOptions.DEFAULT);
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s (%s) | %s → %s | %d, %d | %+.2f%% | %+.2f%% … %+.2f%% | %.3g | %s | %s |%n",
                        file,
                        g.workload(),
                        g.metric(),
                        g.better().word(),
                        names[0],
                        names[1],
                        b.length,
                        c.length,
                        r.changePct(),
                        r.ciLowPct(),
                        r.ciHighPct(),
                        r.pValue(),
                        r.verdict().word(),
                        r.runsNeeded() == null ? "" : r.runsNeeded()));
            }
        }
        Path golden = DIR.resolve("verdicts.md");
        String expected = Files.exists(golden) ? Files.readString(golden) : "";
        if (!expected.equals(out.toString())) {
            Files.writeString(DIR.resolve("verdicts.md.got"), out.toString());
        }
        assertThat(out.toString()).isEqualTo(expected);
    }

    record Group(String workload, String metric, Direction better, Map<String, List<Double>> values) {}

    /** A minimal reader of the sample CSV of docs/cli.md ("Sample files"), enough for these files. */
    static List<Group> read(Path file) throws IOException {
        Map<String, Group> groups = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            Group g = groups.computeIfAbsent(
                    f[0] + "/" + f[2], k -> new Group(f[0], f[2], Direction.parse(f[4]), new LinkedHashMap<>()));
            g.values().computeIfAbsent(f[1], k -> new ArrayList<>()).add(Double.parseDouble(f[3]));
        }
        return new ArrayList<>(groups.values());
    }
}

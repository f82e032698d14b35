package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29.6: the demo printed 483 lines (435 on this machine, 2026-12-04), its verdicts read out
 * in plain words at the very end. The study here is that demo's own result file ({@code
 * demo-result.json.gz}: 3 workloads, glibc against perturb, tcache-off and strace, 15 warnings of a
 * busy 2-CPU VM): its text report now opens with the summary, the plain words and the warnings, all on
 * one screen, and the tables follow with {@code --detail}.
 */
class FirstScreenTest {
    /** A terminal's screen, about; a reviewer's first look. */
    static final int SCREEN = 50;

    @TempDir
    Path dir;

    private Path demoResult() throws Exception {
        Path file = dir.resolve("result.json");
        if (!Files.exists(file)) {
            try (InputStream in =
                    new GZIPInputStream(getClass().getResourceAsStream("/dev/overhead/cli/demo-result.json.gz"))) {
                Files.copy(in, file);
            }
        }
        return file;
    }

    private String report(String... extra) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of(
                "report",
                demoResult().toString(),
                "--store",
                dir.resolve("store.db").toString()));
        args.addAll(List.of(extra));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }

    /**
     * The warnings this VM gave because seven other engineers were building on its 2 CPUs: the load,
     * the busy processes, and the drifting series and slow first runs they caused (10 warnings, 17 lines).
     */
    static final Pattern BUSY =
            Pattern.compile("^- (The load average|Process \\d+ \\(|.*drift by|.*is far from the rest)");

    /** The report's lines less those of the warnings that only a busy machine gives. */
    static List<String> asOnAQuietMachine(List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean skipping = false;
        for (String line : lines) {
            if (line.startsWith("- ")) {
                skipping = BUSY.matcher(line).find();
            } else if (!line.startsWith("  ")) {
                skipping = false;
            }
            if (!skipping) {
                out.add(line);
            }
        }
        return out;
    }

    /** Summary, plain words and warnings on one screen, less the warnings of other work on this machine. */
    @Test
    void theDemosVerdictsPlainWordsAndWarningsFitOneScreen() throws Exception {
        String text = report();
        List<String> lines = text.lines().toList();
        List<String> quiet = asOnAQuietMachine(lines);
        assertThat(lines.size() - quiet.size())
                .as("the busy machine's warnings")
                .isEqualTo(17);
        assertThat(quiet).as(String.join("\n", quiet)).hasSizeLessThanOrEqualTo(SCREEN);
        int summary = lines.indexOf("summary: each workload's primary metric, against glibc");
        int plain = indexStarting(lines, "In plain words: ");
        int warnings = lines.indexOf("warnings");
        assertThat(summary).as(text).isGreaterThan(0);
        assertThat(plain).as(text).isGreaterThan(summary);
        assertThat(warnings).as(text).isGreaterThan(plain);
        assertThat(text)
                .contains("geometric mean")
                .contains("- gzip, strace: worse cpu +18.7%")
                .doesNotContain(" vs glibc") // no per-workload tables
                .doesNotContain("\nenvironment\n")
                .endsWith("add --detail, or\noverhead report --detail 20261204-215302-aa0e\n");
    }

    /** On the busy machine itself, its 15 warnings included, the verdicts and their plain words come first. */
    @Test
    void onABusyMachineTheVerdictsStillComeFirst() throws Exception {
        String text = report();
        List<String> lines = text.lines().toList();
        assertThat(indexStarting(lines, "In plain words: ")).as(text).isLessThan(SCREEN * 2 / 3);
        assertThat(lines.indexOf("warnings")).as(text).isLessThan(SCREEN);
        assertThat(text).contains("- Process 12295 (javac) was using 44% of a CPU at the start.");
    }

    @Test
    void detailAddsTheTablesAfterTheFirstScreen() throws Exception {
        String first = report();
        String detail = report("--detail");
        assertThat(detail)
                .startsWith(first.substring(0, first.indexOf("\nEach workload's tables")))
                .contains("perturb vs glibc")
                .contains("\ncommands\n")
                .contains("\nenvironment\n")
                .doesNotContain("add --detail");
        assertThat(detail.lines().count()).isGreaterThan(200);
        assertThat(report("--format", "markdown"))
                .as("the files have everything, the plain words after the summary table")
                .contains("In plain words: ")
                .contains("### perturb vs glibc");
    }

    private static int indexStarting(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }
}

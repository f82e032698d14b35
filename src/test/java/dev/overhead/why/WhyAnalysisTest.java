package dev.overhead.why;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WhyAnalysisTest {

    /** A run spending {@code common} in common_work, {@code extra} in extra_work, {@code malloc} in a malloc of {@code lib}. */
    private static ProfiledRun run(int round, long common, long extra, long malloc, String lib, long kernel) {
        Map<String, Long> sym = new java.util.HashMap<>();
        sym.put("common_work [prog]", common);
        if (extra > 0) {
            sym.put("extra_work [prog]", extra);
        }
        sym.put(Roles.key(new Frame(lib.contains("jemalloc") ? "je_malloc" : "__libc_malloc", lib, false)), malloc);
        sym.put("syscall_exit_to_user_mode [[kernel.kallsyms]]", kernel);
        long total = common + extra + malloc + kernel;
        RunProfile p = new RunProfile(
                total / 1000,
                total,
                sym,
                Map.of(
                        "prog",
                        common + extra,
                        lib.substring(lib.lastIndexOf('/') + 1),
                        malloc,
                        "[kernel.kallsyms]",
                        kernel),
                Map.of("user", common + extra + malloc, "kernel", kernel),
                Map.of("main;common_work", common, "main;extra_work", Math.max(extra, 0), "main;malloc", malloc));
        return new ProfiledRun(
                round, total / 1e9, p, Map.of("read", new Syscalls.Stat(10 + (extra > 0 ? 5 : 0), 0, 0.001)), "f");
    }

    private static final long[] NOISE = {0, 7_000, -4_000, 3_000, -6_000, 2_000, -1_000, 5_000};

    static List<ProfiledRun> variant(long extra, String lib, long mallocExtra) {
        List<ProfiledRun> runs = new ArrayList<>();
        for (int i = 0; i < NOISE.length; i++) {
            runs.add(run(
                    i + 1,
                    1_000_000 + NOISE[i],
                    extra == 0 ? 0 : extra + NOISE[(i + 3) % NOISE.length] / 10,
                    50_000 + mallocExtra + NOISE[(i + 5) % NOISE.length] / 5,
                    lib,
                    20_000 + NOISE[(i + 1) % NOISE.length] / 20));
        }
        return runs;
    }

    private static final String LIBC = "/lib/libc.so.6";

    /** The candidate spends about 200 000 more per run in extra_work, of a baseline total of about 1 070 000. */
    private static WhyReport.Diff extraWork() {
        return WhyAnalysis.diff("extra", variant(0, LIBC, 0), variant(200_000, LIBC, 0), WhyAnalysis.Options.DEFAULT);
    }

    @Test
    void theFunctionTheCandidateAddsComesFirstWithAnIntervalAboveZero() {
        WhyReport.Diff d = extraWork();
        WhyReport.Row first = d.symbols().getFirst();
        assertThat(first.symbol()).isEqualTo("extra_work");
        assertThat(first.only()).isEqualTo("candidate");
        assertThat(first.change().low()).isGreaterThan(0);
        assertThat(first.change().verdict()).isEqualTo(Verdict.WORSE);
        // 200 000 of a baseline total of about 1 070 000 per run
        assertThat(first.change().estimate()).isCloseTo(200_000 / 1_070_000.0 * 100, within(0.3));
    }

    @Test
    void thePartsAddUpToTheWhole() {
        WhyReport.Diff d = extraWork();
        for (List<WhyReport.Row> view : List.of(d.symbols(), d.dsos(), d.modes())) {
            double sum = view.stream().mapToDouble(r -> r.change().estimate()).sum();
            assertThat(sum).isCloseTo(d.total().estimate(), within(1e-9));
        }
        assertThat(d.flame().candidate() - d.flame().baseline())
                .isCloseTo(d.total().estimate(), within(1e-9));
    }

    @Test
    void aPreloadedAllocatorsMallocIsComparedWithGlibcs() {
        WhyReport.Diff d = WhyAnalysis.diff(
                "jemalloc",
                variant(0, LIBC, 0),
                variant(0, "/usr/lib/libjemalloc.so.2", 30_000),
                WhyAnalysis.Options.DEFAULT);
        WhyReport.Row malloc = d.symbols().stream()
                .filter(r -> r.symbol().equals("malloc"))
                .findFirst()
                .orElseThrow();
        assertThat(malloc.dso()).isEqualTo("allocator");
        assertThat(malloc.only()).isNull();
        assertThat(malloc.change().estimate()).isGreaterThan(2.0);
        assertThat(d.symbols().getFirst()).isEqualTo(malloc);
    }

    @Test
    void anAaComparisonCallsNoSymbolChanged() {
        WhyReport.Diff d =
                WhyAnalysis.diff("same", variant(0, LIBC, 0), variant(0, LIBC, 0), WhyAnalysis.Options.DEFAULT);
        assertThat(d.symbols()).allSatisfy(r -> assertThat(r.change().verdict()).isNotEqualTo(Verdict.WORSE));
        assertThat(d.total().estimate()).isCloseTo(0, within(1e-9));
    }

    @Test
    void syscallCountsAreComparedPerCall() {
        WhyReport.Diff d = extraWork();
        WhyReport.SyscallRow read = d.syscalls().getFirst();
        assertThat(read.name()).isEqualTo("read");
        assertThat(read.calls().estimate()).isEqualTo(5.0);
        assertThat(read.calls().verdict()).isEqualTo(Verdict.WORSE);
    }

    @Test
    void theTextNamesTheFunctionFirstInItsHeadlineWithinEightyColumns() {
        WhyReport.Diff d = extraWork();
        WhyReport r = WhyGoldenTest.report("w", "/tmp/p", d, List.of());
        String text = WhyText.render(r, 12);
        assertThat(text.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
        assertThat(WhyText.headline(d)).containsPattern("sampled time \\[.*worse: \\+18\\.\\d points in extra_work");
    }
}

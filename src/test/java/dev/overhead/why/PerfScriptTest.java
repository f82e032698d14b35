package dev.overhead.why;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The fixtures are real perf script output, recorded here (perf 6.1, cpu-clock at 500 Hz) from the
 * test program of WhyIT: extra.perf-script.txt with call graphs (HOT_EXTRA=1), flat.perf-script.txt
 * without. The expected figures were counted with awk, not with this parser:
 *   awk '/cpu-clock/{p=$3; getline; s[$2]+=p; t+=p} END{for(k in s) print k, s[k]; print "total", t}'
 */
class PerfScriptTest {

    private static RunProfile fixture(String name) {
        var in = PerfScriptTest.class.getResourceAsStream(name);
        assertThat(in).as(name).isNotNull();
        return PerfScript.read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
    }

    @Test
    void callGraphSamplesCountSelfTimeInTheLeaf() {
        RunProfile p = fixture("extra.perf-script.txt");
        assertThat(p.samples()).isEqualTo(53);
        assertThat(p.total()).isEqualTo(106_000_000L);
        assertThat(p.bySymbol()).containsEntry("extra_work [hot]", 18_000_000L);
        assertThat(p.bySymbol()).containsEntry("common_work [hot]", 88_000_000L);
        assertThat(p.byDso()).containsEntry("hot", 106_000_000L);
        assertThat(p.byMode()).containsOnlyKeys("user");
    }

    @Test
    void stacksAreFoldedRootFirst() {
        RunProfile p = fixture("extra.perf-script.txt");
        assertThat(p.stacks()).containsEntry("__libc_start_call_main;extra_work", 18_000_000L);
        assertThat(p.stacks().values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(p.total());
    }

    @Test
    void samplesWithoutCallGraphsCarryTheirFrameOnTheHeaderLine() {
        RunProfile p = fixture("flat.perf-script.txt");
        assertThat(p.samples()).isEqualTo(43);
        assertThat(p.total()).isEqualTo(86_000_000L);
        // two samples in the kernel (grep -c kallsyms), told by the address, not by the name
        assertThat(p.byMode()).containsEntry("kernel", 4_000_000L);
        assertThat(p.byDso()).containsEntry("[kernel.kallsyms]", 4_000_000L);
        assertThat(p.bySymbol()).containsEntry("handle_softirqs [[kernel.kallsyms]]", 2_000_000L);
    }

    @Test
    void cppSymbolsKeepTheirSpacesAndParentheses() {
        Frame f = PerfScript.frame(
                "\t          401136 std::vector<int, std::allocator<int> >::push_back(int const&) (/tmp/a.out)");
        assertThat(f).isNotNull();
        assertThat(f.symbol()).isEqualTo("std::vector<int, std::allocator<int> >::push_back(int const&)");
        assertThat(f.dso()).isEqualTo("/tmp/a.out");
        assertThat(f.kernel()).isFalse();
    }

    @Test
    void aCommandNameWithSpacesAndAMissingBlankLineStillCount() {
        String text = "Web Content 123     250000 cpu-clock: \n"
                + "\t            1160 foo (/x/y)\n"
                + "Web Content 123     250000 cpu-clock: \n"
                + "\tffffffff81369742 handle_softirqs ([kernel.kallsyms])\n";
        RunProfile p = PerfScript.read(new BufferedReader(new StringReader(text)));
        assertThat(p.samples()).isEqualTo(2);
        assertThat(p.byMode()).containsEntry("user", 250_000L).containsEntry("kernel", 250_000L);
    }

    @Test
    void allocatorEntryPointsOfAnyLibraryShareARole() {
        assertThat(Roles.key(new Frame("__libc_malloc", "/usr/lib/x86_64-linux-gnu/libc.so.6", false)))
                .isEqualTo(Roles.key(new Frame("malloc", "/usr/lib/libjemalloc.so.2", false)))
                .isEqualTo("malloc [allocator]");
        assertThat(Roles.key(new Frame("je_free", "/usr/lib/libjemalloc.so.2", false)))
                .isEqualTo("free [allocator]");
        assertThat(Roles.key(new Frame("_int_malloc", "/usr/lib/x86_64-linux-gnu/libc.so.6", false)))
                .isEqualTo("_int_malloc [libc.so.6]");
    }
}

package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.Variant;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The presets on made-up machines: what is found, what is missing, and what the machine must allow. */
class PresetsTest {
    private static Presets machine(Set<String> libraries, Set<String> programs, String maxMapCount) {
        return Presets.of(new Presets.Machine(
                f -> libraries.contains(f) ? Optional.of(Path.of("/usr/lib/x86_64-linux-gnu", f)) : Optional.empty(),
                programs::contains,
                k -> k.equals("vm/max_map_count") ? Optional.of(maxMapCount) : Optional.empty(),
                argv -> true,
                "fpu sse2",
                List.of("/usr/local/lib", "/usr/lib/x86_64-linux-gnu")));
    }

    @Test
    void anAllocatorFoundIsPreloadedByItsFullPathAndAMissingOneNamesItsPackage() {
        Presets p = machine(Set.of("libjemalloc.so.2"), Set.of(), "65530");

        assertThat(p.find("jemalloc").orElseThrow().env())
                .isEqualTo(Map.of("LD_PRELOAD", "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"));
        assertThat(p.find("mimalloc").orElseThrow().unavailable())
                .startsWith("libmimalloc.so.2 is not in the library folders (")
                .endsWith("): apt-get install libmimalloc2.0");
        assertThat(p.find("strace").orElseThrow().unavailable())
                .isEqualTo("strace is not installed: apt-get install strace");
    }

    @Test
    void hardenedMallocNeedsTheMapCountRaisedBeforeAnythingRuns() {
        Presets low = machine(Set.of("libhardened_malloc.so"), Set.of(), "65530");
        Presets high = machine(Set.of("libhardened_malloc.so"), Set.of(), "1048576");

        assertThat(low.find("hardened_malloc").orElseThrow().unavailable())
                .isEqualTo("hardened_malloc needs vm.max_map_count of at least 1048576 (it is 65530; large programs"
                        + " crash with 'memory exhausted' below it): sysctl -w vm.max_map_count=1048576");
        assertThat(high.find("hardened_malloc").orElseThrow().available()).isTrue();
        assertThatThrownBy(() -> PresetSpec.parse("preset:hardened_malloc", low))
                .isInstanceOf(SpecException.class)
                .hasMessageStartingWith("-V 'preset:hardened_malloc': the preset hardened_malloc cannot be used here:"
                        + " hardened_malloc needs vm.max_map_count");
    }

    @Test
    void aSpecNamesAPresetWithOrWithoutALabelAndAddsEnvironment() {
        Presets p = machine(Set.of("libjemalloc.so.2", "libc_malloc_debug.so.0"), Set.of("strace"), "65530");

        assertThat(PresetSpec.parse("preset:strace", p))
                .isEqualTo(new Variant(
                        "strace", Map.of(), List.of("strace", "-f", "-o", "/dev/null"), List.of(), List.of()));
        Variant v = PresetSpec.parse("je: preset:jemalloc MALLOC_CONF=abort:true LD_PRELOAD=/x.so", p);
        assertThat(v.name()).isEqualTo("je");
        assertThat(v.env())
                .containsEntry("LD_PRELOAD", "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2:/x.so")
                .containsEntry("MALLOC_CONF", "abort:true");
        assertThat(PresetSpec.parse("check: preset:malloc-check", p).env())
                .containsEntry("MALLOC_CHECK_", "3")
                .containsEntry("LD_PRELOAD", "/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0");
        assertThat(PresetSpec.parse("plain: FOO=1", p).env()).isEqualTo(Map.of("FOO", "1"));
        assertThatThrownBy(() -> PresetSpec.parse("preset:jemaloc", p))
                .isInstanceOf(SpecException.class)
                .hasMessageStartingWith("-V 'preset:jemaloc': there is no preset 'jemaloc' (there are: jemalloc,");
        assertThatThrownBy(() -> PresetSpec.parse("x: preset:strace ltrace", p))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining("only KEY=VALUE words may follow, not 'ltrace'");
    }

    @Test
    void memoryTaggingOnlyWhereTheCpuHasIt() {
        assertThat(machine(Set.of(), Set.of(), "1")
                        .find("mem-tagging")
                        .orElseThrow()
                        .available())
                .isFalse();
    }

    @Test
    void aPlanVariantTakesThePresetThenItsOwnEnvironment() throws Exception {
        Presets p = machine(Set.of("libjemalloc.so.2"), Set.of(), "65530");
        StudyPlan plan = PlanReader.parse(Path.of("p.yaml"), """
                workloads: [{name: t, command: [true]}]
                variants:
                  - {name: glibc}
                  - {name: je, preset: jemalloc, env: {MALLOC_CONF: "narenas:1"}}
                """, Profiles.load((Path) null), p);

        assertThat(plan.variants().get(1).env())
                .isEqualTo(
                        Map.of("LD_PRELOAD", "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "MALLOC_CONF", "narenas:1"));
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"),
                        "workloads: [{name: t, command: [true]}]\nvariants:\n  - {name: mi, preset: mimalloc}\n",
                        Profiles.load((Path) null),
                        p))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("p.yaml:3:24: variant 'mi': the preset mimalloc cannot be used here:"
                        + " libmimalloc.so.2 is not in the library folders");
    }
}

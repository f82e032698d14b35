package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.Levels;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Kernel variants booted under qemu: a plan's vm: and the -V form vm:KEY=VALUE (docs/workloads.md). */
class VmPlanTest {
    static StudyPlan parse(String text) throws PlanException {
        return PlanReader.parse(Path.of("vm.yaml"), text);
    }

    @Test
    void topLevelVmGivesDefaultsAndEachVariantItsOwnKeys() throws Exception {
        StudyPlan p = parse("""
                levels: {boot: 3}
                vm: {kernel: /boot/vmlinuz-6.1.0-57-cloud-amd64, memory: 512M, cpus: 2, files: [/usr/share/dict]}
                workloads: [{name: hackbench, command: [hackbench, -l, "100"]}]
                variants:
                  - {name: free0, vm: {cmdline: init_on_free=0}}
                  - {name: free1, vm: {cmdline: init_on_free=1, memory: 1G}}
                """);
        Levels l = p.levels();
        assertThat(l.vm()).isTrue();
        assertThat(l.boots()).isEqualTo(3);
        assertThat(l.target("free0"))
                .isEqualTo(new Levels.Boot(
                        "/boot/vmlinuz-6.1.0-57-cloud-amd64",
                        "",
                        "init_on_free=0",
                        "512M",
                        2,
                        List.of("/usr/share/dict")));
        assertThat(l.target("free1").memory()).isEqualTo("1G");
        assertThat(l.target("free1").cmdline()).isEqualTo("init_on_free=1");
    }

    @Test
    void theExamplePlanReads() throws Exception {
        Path root = Path.of(System.getProperty("overhead.project.root", "."));
        StudyPlan p = PlanReader.read(root.resolve("docs/examples/vm-init-on-free.yaml"));
        assertThat(p.levels().vm()).isTrue();
        assertThat(p.levels().boots()).isEqualTo(3);
        assertThat(p.levels().target("free1").cmdline()).isEqualTo("init_on_free=1");
        assertThat(p.workloads().getFirst().command().getFirst()).isEqualTo("hackbench");
    }

    @Test
    void withoutLevelsEachVariantBootsOnce() throws Exception {
        StudyPlan p = parse("""
                workloads: [{name: w, command: [true]}]
                variants: [{name: a, vm: {kernel: /k}}, {name: b, vm: {kernel: /k, cmdline: slab_nomerge}}]
                """);
        assertThat(p.levels().boots()).isEqualTo(1);
        assertThat(p.levels().vm()).isTrue();
    }

    @Test
    void aVariantWithoutKernelIsRefusedWithItsPlace() {
        assertThatThrownBy(() -> parse("""
                        workloads: [{name: w, command: [true]}]
                        variants:
                          - {name: a, vm: {kernel: /k}}
                          - {name: b, vm: {cmdline: quiet}}
                        """))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("vm.yaml:4:")
                .hasMessageContaining("variant 'b' has no kernel: give vm: {kernel: /boot/vmlinuz-...}");
    }

    @Test
    void badSizesAndUnknownKeysAreRefused() {
        assertThatThrownBy(() -> parse("""
                        vm: {kernel: /k, memory: lots}
                        workloads: [{name: w, command: [true]}]
                        variants: [{name: a}]
                        """))
                .hasMessageContaining("vm.memory is 'lots': write a size as qemu takes it, like 512M or 2G");
        assertThatThrownBy(() -> parse("""
                        vm: {kernel: /k, disk: /x}
                        workloads: [{name: w, command: [true]}]
                        variants: [{name: a}]
                        """)).hasMessageContaining("disk");
        assertThatThrownBy(() -> parse("""
                        vm: {kernel: /k}
                        boot: {switch: kexec}
                        workloads: [{name: w, command: [true]}]
                        variants: [{name: a}]
                        """)).hasMessageContaining("boot: and vm: cannot both start the variants");
    }

    @Test
    void theCommandLineFormKeepsVmWordsApartFromTheVariant() {
        VmSpec.Split s = VmSpec.split("free1: vm:cmdline=init_on_free=1 MALLOC_ARENA_MAX=2 vm:memory=1G");
        assertThat(s.vm()).containsExactly(Map.entry("cmdline", "init_on_free=1"), Map.entry("memory", "1G"));
        assertThat(VariantSpec.parse(s.spec()).env()).containsExactly(Map.entry("MALLOC_ARENA_MAX", "2"));
        VmSpec.Split quoted = VmSpec.split("both: 'vm:cmdline=init_on_free=1 slab_nomerge'");
        assertThat(quoted.vm()).containsEntry("cmdline", "init_on_free=1 slab_nomerge");
        assertThat(VmSpec.split("plain: LD_PRELOAD=/x.so").vm()).isEmpty();
        assertThat(VmSpec.split("w: strace vm:cmdline=x").vm())
                .as("words after the wrapper are its arguments")
                .isEmpty();
    }

    @Test
    void theCommandLineFormRefusesUnknownKeysAndVariantsWithoutKernel() {
        assertThatThrownBy(() -> VmSpec.split("a: vm:kernal=/k"))
                .hasMessage("-V 'a: vm:kernal=/k': 'vm:kernal=/k' is not a guest setting; write vm:KEY=VALUE with KEY"
                        + " one of kernel, initrd, cmdline, memory, cpus (e.g. vm:cmdline=init_on_free=1).");
        assertThatThrownBy(() -> VmSpec.levels(Map.of("a", Map.of("cmdline", "quiet")), Map.of(), 2))
                .hasMessage("variant a has no kernel: give --vm-kernel PATH (or vm:kernel=PATH in its -V spec).");
        Levels l = VmSpec.levels(
                new java.util.LinkedHashMap<>(Map.of("a", Map.of("cmdline", "quiet", "cpus", "2"))),
                Map.of("kernel", "/k", "memory", "256M"),
                2);
        assertThat(l.target("a")).isEqualTo(new Levels.Boot("/k", "", "quiet", "256M", 2, List.of()));
        assertThat(l.boots()).isEqualTo(2);
    }
}

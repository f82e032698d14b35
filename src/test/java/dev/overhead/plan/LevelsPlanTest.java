package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.Levels;
import dev.overhead.model.Variant;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** levels, boot and variants[].boot in a plan (docs/workloads.md, levels). */
class LevelsPlanTest {
    static final Path FILE = Path.of("levels.yaml");

    static StudyPlan parse(String text) throws PlanException {
        return PlanReader.parse(FILE, text);
    }

    @Test
    void buildLevelsAreTheStudysAndApplyToTheBuildingVariants() throws Exception {
        StudyPlan p = parse("""
                levels: {build: 3, link_order: shuffle}
                workloads: [{name: w, command: ["{build_dir}/x"]}]
                variants:
                  - {name: a, cflags: -O1, build: "cc {cflags} -o {build_dir}/x x.c"}
                  - {name: b, cflags: -O2, build: "cc {cflags} -o {build_dir}/x x.c"}
                """);
        Variant a = p.variants().getFirst();
        Levels l = p.levels();
        assertThat(l.builds(a)).isEqualTo(3);
        assertThat(l.shuffleLinks()).isTrue();
        assertThat(l.buildOf(a, 0)).isEqualTo(1);
        assertThat(l.buildOf(a, 4)).isEqualTo(2);
        assertThat(a.env())
                .as("the levels are settings, not the commands' environment")
                .doesNotContainKeys("OVERHEAD_BUILDS", "OVERHEAD_LINK_ORDER");
        assertThat(l.builds(new Variant(
                        "plain", java.util.Map.of(), java.util.List.of(), java.util.List.of(), java.util.List.of())))
                .as("a variant that does not build has no builds")
                .isZero();
    }

    @Test
    void bootLevelsCarryTheSwitchIdentifyAndKernel() throws Exception {
        StudyPlan p = parse("""
                levels: {boot: 4}
                boot: {switch: kexec, identify: cat /run/variant}
                workloads: [{name: w, command: [true]}]
                variants:
                  - {name: stock, boot: {kernel: /boot/vmlinuz-6.1, initrd: /boot/initrd.img-6.1, cmdline: quiet}}
                  - {name: stackleak, boot: {kernel: /boot/vmlinuz-6.1-sl, cmdline: quiet}}
                """);
        Variant sl = p.variants().get(1);
        Levels l = p.levels();
        assertThat(l.boots()).isEqualTo(4);
        assertThat(l.target("stackleak")).isEqualTo(new Levels.Boot("/boot/vmlinuz-6.1-sl", null, "quiet"));
        assertThat(l.target("stock").initrd()).isEqualTo("/boot/initrd.img-6.1");
        assertThat(l.identify()).isEqualTo("cat /run/variant");
        assertThat(l.bootSwitch()).isEqualTo(LevelsReader.SWITCH_PRESETS.get("kexec"));
        assertThat(l.builds(sl)).isZero();
        assertThat(sl.env()).isEmpty();
    }

    @Test
    void refusalsNameThePlace() {
        assertThatThrownBy(() -> parse("""
                        levels: {build: 2}
                        workloads: [{name: w, command: [true]}]
                        variants: [{name: a}]
                        """))
                .hasMessageContaining("levels.yaml:1:17: levels.build needs variants that build");
        assertThatThrownBy(() -> parse("""
                        levels: {boot: 2}
                        workloads: [{name: w, command: [true]}]
                        """)).hasMessageContaining("levels.boot needs boot: {switch: ...}");
        assertThatThrownBy(() -> parse("""
                        levels: {build: 2, link_order: random}
                        workloads: [{name: w, command: [true]}]
                        variants: [{name: a, build: "true"}]
                        """))
                .hasMessageContaining("levels.link_order is 'random': write shuffle or keep");
        assertThatThrownBy(() -> parse("""
                        levels: {bild: 2}
                        workloads: [{name: w, command: [true]}]
                        """)).hasMessageContaining("unknown key 'bild'");
    }
}

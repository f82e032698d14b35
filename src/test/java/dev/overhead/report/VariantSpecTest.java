package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.Levels;
import dev.overhead.model.Variant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A variant as the reports write it after {@code -V}: a kernel under qemu is not "the command as it is". */
class VariantSpecTest {
    private static Levels kernels(String bootSwitch) {
        return new Levels(
                0,
                false,
                3,
                bootSwitch,
                null,
                Map.of("free1", new Levels.Boot("/boot/vmlinuz", "", "init_on_free=1"), "free0", Levels.Boot.NONE));
    }

    @Test
    void aKernelUnderQemuShowsItsCommandLineAsTypedAfterMinusV() {
        assertThat(Labels.variantSpec(Variant.plain("free1"), kernels(Levels.VM)))
                .isEqualTo("free1: vm:cmdline=init_on_free=1");
        assertThat(Labels.variantSpec(Variant.plain("free0"), kernels(Levels.VM)))
                .isEqualTo("free0:   (the command as it is)");
    }

    @Test
    void onBareMetalAndWithoutBootsTheSpecIsAsBefore() {
        assertThat(Labels.variantSpec(Variant.plain("free1"), kernels("kexec")))
                .isEqualTo("free1:   (the command as it is)");
        Variant traced = new Variant("traced", Map.of("A", "1"), List.of("strace", "-f"), List.of(), List.of());
        assertThat(Labels.variantSpec(traced)).isEqualTo("traced: A=1 strace -f");
    }
}

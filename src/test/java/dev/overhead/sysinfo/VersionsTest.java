package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VersionsTest {

    @Test
    void gccVersionIsTheOneAfterThePackageParenthesis() {
        assertThat(Versions.gcc(Samples.text(Samples.EPYC_VM, "commands/gcc")))
                .containsEntry("version", "12.2.0")
                .containsEntry("banner", "gcc (Debian 12.2.0-14+deb12u1) 12.2.0");
        assertThat(Versions.gcc(Samples.text(Samples.I7, "commands/gcc"))).containsEntry("version", "11.4.0");
        assertThat(Versions.gcc(Samples.text(Samples.GRAVITON, "commands/gcc"))).containsEntry("version", "11.4.1");
    }

    @Test
    void gccThatIsReallyClangIsNotReportedAsGcc() {
        assertThat(Versions.gcc("Apple clang version 15.0.0 (clang-1500.1.0.2.5)\nTarget: arm64"))
                .isEmpty();
    }

    @Test
    void clangVersionFromDistributionAndUpstreamBanners() {
        assertThat(Versions.clang(Samples.text(Samples.I7, "commands/clang")))
                .containsEntry("version", "14.0.0-1ubuntu1.1");
        assertThat(Versions.clang(Samples.text("misc", "clang-llvm-version"))).containsEntry("version", "17.0.6");
        assertThat(Versions.clang("")).isEmpty();
    }

    @Test
    void glibcFromGetconfWithTheBuildFromLdd() {
        assertThat(Versions.libc(
                        Samples.text(Samples.EPYC_VM, "commands/getconf"),
                        Samples.text(Samples.EPYC_VM, "commands/ldd")))
                .containsEntry("name", "glibc")
                .containsEntry("version", "2.36")
                .containsEntry("build", "Debian GLIBC 2.36-9+deb12u14");
    }

    @Test
    void muslFromLddWhenGetconfKnowsNoGlibc() {
        assertThat(Versions.libc(
                        "getconf: Unrecognized variable `GNU_LIBC_VERSION'", Samples.text("misc", "musl-ldd-version")))
                .containsEntry("name", "musl")
                .containsEntry("version", "1.2.4");
    }

    @Test
    void noOutputGivesNoLibcSection() {
        assertThat(Versions.libc(null, null)).isEmpty();
    }
}

package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EnvVarsTest {
    static final Map<String, String> ENV = Map.ofEntries(
            Map.entry("LANG", "en_US.UTF-8"),
            Map.entry("LC_NUMERIC", "de_DE.UTF-8"),
            Map.entry("PATH", "/usr/bin"),
            Map.entry("LD_PRELOAD", "/usr/lib/libhardened_malloc.so"),
            Map.entry("MALLOC_ARENA_MAX", "2"),
            Map.entry("GLIBC_TUNABLES", "glibc.malloc.perturb=165"),
            Map.entry("OMP_NUM_THREADS", "4"),
            Map.entry("HOME", "/home/me"),
            Map.entry("USER", "me"),
            Map.entry("MY_FLAG", "1"),
            Map.entry("GITHUB_TOKEN", "ghp_secret"),
            Map.entry("AWS_SECRET_ACCESS_KEY", "abc"),
            Map.entry("AWS_ACCESS_KEY_ID", "AKIA"),
            Map.entry("DB_PASSWORD", "hunter2"),
            Map.entry("MALLOC_API_KEY", "k"),
            Map.entry("SSH_AUTH_SOCK", "/tmp/agent"));

    @Test
    void recordsTheAllowListAndTheNamesVariantsSet() {
        assertThat(EnvVars.recorded(ENV, Set.of("MY_FLAG")))
                .containsOnlyKeys(
                        "LANG",
                        "LC_NUMERIC",
                        "PATH",
                        "LD_PRELOAD",
                        "MALLOC_ARENA_MAX",
                        "GLIBC_TUNABLES",
                        "OMP_NUM_THREADS",
                        "MY_FLAG");
    }

    @Test
    void leavesOutEverythingElse() {
        assertThat(EnvVars.recorded(ENV, Set.of())).doesNotContainKeys("HOME", "USER", "MY_FLAG");
    }

    @Test
    void neverRecordsSecretsEvenWhenAskedOrInAnAllowedFamily() {
        Map<String, String> got = EnvVars.recorded(
                ENV,
                Set.of("GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "AWS_ACCESS_KEY_ID", "DB_PASSWORD", "SSH_AUTH_SOCK"));
        assertThat(got)
                .doesNotContainKeys(
                        "GITHUB_TOKEN",
                        "AWS_SECRET_ACCESS_KEY",
                        "AWS_ACCESS_KEY_ID",
                        "DB_PASSWORD",
                        "MALLOC_API_KEY",
                        "SSH_AUTH_SOCK");
        assertThat(got.values()).doesNotContain("ghp_secret", "abc", "hunter2");
    }

    @Test
    void namesComeSortedSoStoredStudiesCompareStably() {
        assertThat(List.copyOf(EnvVars.recorded(ENV, Set.of()).keySet())).isSorted();
    }
}

package dev.overhead.sysinfo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.report.EnvironmentText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentTextTest {

    @Test
    void sectionsAreTitledAndValuesAligned() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("kernel", Map.of("release", "6.1.0"));
        env.put("load", new LinkedHashMap<>(Map.of("load_1m", 0.5)));
        Samples.section(env, "load").put("busiest", List.of(Map.of("pid", 42, "command", "make", "cpu_pct", 12.5)));
        env.put("probed_at", "2026-12-02T10:00:00Z");
        assertThat(EnvironmentText.render(env, List.of("A warning."))).isEqualTo("""
                probed_at                         2026-12-02T10:00:00Z

                Kernel
                  release                         6.1.0

                Load at start
                  load_1m                         0.5
                  busiest                         12.5% make (pid 42)

                Noise warnings
                  - A warning.
                """);
    }

    @Test
    void noLineIsWiderThanOneHundredColumns() {
        String text = EnvironmentText.render(
                Samples.probe(Samples.I7, Map.of("PATH", "/a/b:".repeat(60))), List.of("word ".repeat(60)));
        assertThat(text.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(EnvironmentText.WIDTH));
        assertThat(text).contains("Security", "    spectre_v2", "CPU frequency", "Noise warnings");
    }

    @Test
    void numbersDoNotFollowTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(EnvironmentText.render(Map.of("load", Map.of("load_1m", 2.25)), List.of()))
                    .contains("2.25")
                    .doesNotContain("2,25");
        } finally {
            Locale.setDefault(saved);
        }
    }
}

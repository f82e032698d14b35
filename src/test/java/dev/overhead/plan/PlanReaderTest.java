package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.RunOrder;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Estimand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PlanReaderTest {
    private static final Path PLANS = Path.of("src/test/resources/plans");

    @Test
    void readsThePlanOfTheContract() throws Exception {
        StudyPlan plan = PlanReader.read(PLANS.resolve("malloc-hardening.yaml"));

        assertThat(plan.name()).isEqualTo("malloc-hardening");
        assertThat(plan.workloads())
                .extracting(Workload::name)
                .containsExactly("sort", "hackbench[groups=5]", "hackbench[groups=15]");
        Workload sort = plan.workloads().getFirst();
        assertThat(sort.command()).containsExactly("sort", "-o", "/dev/null", "/usr/share/dict/words");
        assertThat(sort.shell()).isFalse();
        assertThat(sort.parameters()).isEqualTo(Map.of("input", "/usr/share/dict/words"));
        assertThat(sort.prepare()).containsExactly("sync");
        Workload hb15 = plan.workloads().get(2);
        assertThat(hb15.command())
                .containsExactly("hackbench", "-s", "4096", "-l", "2000", "-g", "15", "-f", "25", "-P");
        assertThat(hb15.metrics()).containsExactly(new MetricSpec("time", Direction.LOWER, "s", "Time: ([0-9.]+)"));

        assertThat(plan.variants())
                .containsExactly(
                        Variant.plain("glibc"),
                        new Variant(
                                "perturb",
                                Map.of("GLIBC_TUNABLES", "glibc.malloc.perturb=165"),
                                List.of(),
                                List.of(),
                                List.of()),
                        new Variant(
                                "traced",
                                Map.of(),
                                List.of("strace", "-f", "-o", "/dev/null"),
                                List.of("true"),
                                List.of()));
        assertThat(plan.baselineName()).isEqualTo("glibc");
        assertThat(plan.options())
                .isEqualTo(new PlanOptions(
                        null,
                        1,
                        5,
                        40,
                        null,
                        RunOrder.RANDOMIZED,
                        1.0,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null));
    }

    @Test
    void theExamplePlanOfTheDocsIsValid() throws Exception {
        java.nio.file.Path root = java.nio.file.Path.of(System.getProperty("overhead.project.root", "."));
        StudyPlan plan = PlanReader.read(root.resolve("docs/examples/malloc-hardening.yaml"));
        assertThat(plan.workloads()).hasSize(4);
        assertThat(plan.variants()).extracting(v -> v.name()).containsExactly("glibc", "perturb", "no-tcache");
        assertThat(plan.baseline()).isEqualTo("glibc");
    }

    @Test
    void sweepsEveryCombinationAndHandsShellCommandsWhole() throws Exception {
        StudyPlan plan = PlanReader.read(PLANS.resolve("shell-and-sweep.yaml"));

        assertThat(plan.workloads())
                .extracting(Workload::name)
                .containsExactly(
                        "dd[bs=1k,n=10]",
                        "dd[bs=1k,n=20]",
                        "dd[bs=1k,n=30]",
                        "dd[bs=4k,n=10]",
                        "dd[bs=4k,n=20]",
                        "dd[bs=4k,n=30]",
                        "split");
        Workload dd = plan.workloads().get(4);
        assertThat(dd.shell()).isTrue();
        assertThat(dd.command())
                .containsExactly(
                        "dd if=/dev/zero bs=4k count=20 2>/dev/null | wc -c; echo \"ops: 3\" ${HOME:+x} {literal}");
        assertThat(dd.prepare()).containsExactly("/bin/sh", "-c", "sync; echo 4k > /dev/null");
        assertThat(dd.metrics().getFirst().better()).isEqualTo(Direction.HIGHER);
        assertThat(dd.metrics().getFirst().regex()).isEqualTo("ops: (\\d+)");
        Workload split = plan.workloads().getLast();
        assertThat(split.shell()).isFalse();
        assertThat(split.command()).containsExactly("printf", "%s\\n", "two words");
        assertThat(plan.variants().get(1).env())
                .containsExactly(Map.entry("MALLOC_ARENA_MAX", "2"), Map.entry("EMPTY", ""));
        assertThat(plan.baselineName()).isEqualTo("plain");
        assertThat(plan.options())
                .isEqualTo(new PlanOptions(
                        10,
                        null,
                        null,
                        null,
                        Duration.ofMinutes(90),
                        null,
                        null,
                        0.99,
                        "ops",
                        Duration.ofSeconds(90),
                        null,
                        null,
                        null,
                        null,
                        null,
                        null));
    }

    @Test
    void aPlanWithoutVariantsRunsTheCommandAsItIs() throws Exception {
        StudyPlan plan = PlanReader.parse(Path.of("p.yaml"), "workloads: [{name: t, command: 'true'}]");
        assertThat(plan.variants()).containsExactly(Variant.plain("base"));
        assertThat(plan.workloads().getFirst().command()).containsExactly("true");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        bad-unknown-key.yaml     | 7:5: unknown key 'comand' in workload 'uniq' (known: name, profile, command, shell, parameters, prepare, metrics, primary)
        bad-syntax.yaml          | 5:9: YAML syntax: expected ',' or ']', but got : (while parsing a flow sequence that began at line 4, column 14)
        bad-runs-type.yaml       | 2:7: runs must be a mapping like {count: 10} or {warmup: 1, min: 5, max: 40}, not a list
        bad-missing-command.yaml | 2:5: workload 'sort' has no 'command': write command: [WORDS...], or a string with shell: true
        bad-placeholder.yaml     | 3:36: workload 'sort' uses {inptu}, which is not one of its parameters (input); write {{inptu}} for the literal text
        bad-regex.yaml           | 5:44: the regex of metric 'ops' of workload 'bench' does not compile: Unclosed group near index 13
        bad-baseline.yaml        | 6:11: the baseline 'glib' is not one of the variants (glibc, jemalloc)
        bad-duration.yaml        | 1:14: time_budget: '20 minutes' is not a duration: write for example 500ms, 90s, 20m, 2h or 1h30m.
        bad-env-name.yaml        | 5:11: 'LD-PRELOAD' in env of variant 'glibc' is not a valid environment variable name (letters, digits and _, not starting with a digit)
        """)
    void refusesABrokenPlanWithFileLineAndColumn(String fixture, String expected) {
        Path file = PLANS.resolve(fixture);
        assertThatThrownBy(() -> PlanReader.read(file))
                .isInstanceOf(PlanException.class)
                .hasMessage(file + ":" + expected);
    }

    @Test
    void refusesAMissingFileWithoutAPlace() {
        Path file = PLANS.resolve("no-such-plan.yaml");
        assertThatThrownBy(() -> PlanReader.read(file))
                .hasMessage(file + ": no such file: check the path given to --plan");
    }

    @Test
    void refusesAnEmptyPlan() {
        assertThatThrownBy(() -> PlanReader.parse(Path.of("p.yaml"), ""))
                .hasMessage(
                        "p.yaml:1:1: a plan must be a mapping like name: ..., workloads: [...], variants: [...], not empty");
    }

    @Test
    void readsTheEstimandAndRefusesAnUnknownOne() throws Exception {
        StudyPlan plan =
                PlanReader.parse(Path.of("p.yaml"), "estimand: typical\nworkloads: [{name: t, command: 'true'}]");
        assertThat(plan.options().estimand()).isEqualTo(Estimand.TYPICAL);
        assertThat(PlanReader.parse(Path.of("p.yaml"), "workloads: [{name: t, command: 'true'}]")
                        .options()
                        .estimand())
                .isNull();
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"), "estimand: median\nworkloads: [{name: t, command: 'true'}]"))
                .hasMessage("p.yaml:1:11: estimand: 'median' is not an estimand: write geomean (the ratio of"
                        + " geometric means, the default) or typical (the typical ratio of a run).");
    }

    @Test
    void refusesExactAndAdaptiveRunsTogether() {
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"), "runs: {count: 10, max: 20}\nworkloads: [{name: t, command: 'true'}]"))
                .hasMessage("p.yaml:1:7: runs has count and min/max: give either an exact count or bounds for"
                        + " adaptive stopping, not both");
    }

    @Test
    void refusesAParameterTheCommandNeverUses() {
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"), "workloads:\n  - {name: t, command: 'true', parameters: {n: [1, 2]}}"))
                .hasMessage("p.yaml:2:44: the parameter 'n' of workload 't' is not used: write {n} in its command,"
                        + " or remove it");
    }

    @Test
    void refusesARegexWithoutACaptureGroup() {
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"),
                        "workloads:\n  - {name: t, command: 'true', metrics: [{name: x, regex: 'x: \\d+'}]}"))
                .hasMessageContaining("has no capture group");
    }

    @Test
    void refusesYamlAliasesRatherThanMisreadingThem() {
        assertThatThrownBy(
                        () -> PlanReader.parse(Path.of("p.yaml"), "workloads:\n  - {name: &n t, command: [echo, *n]}"))
                .hasMessage("p.yaml:2:34: YAML aliases (*n) are not supported in plans: write the value out");
    }
}

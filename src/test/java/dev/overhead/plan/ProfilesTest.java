package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Workload;
import dev.overhead.stats.Direction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shipped profiles: each parser read against output captured from the real program on Debian 12
 * (rt-tests 2.4, stress-ng 0.15.06, sysbench 1.0.20, dbench 4.0, OpenSSL 3.0.19), kept under
 * src/test/resources/dev/overhead/profiles/samples. The expected figures are read off those files
 * by eye.
 */
class ProfilesTest {
    private static final Path SAMPLES = Path.of("src/test/resources/dev/overhead/profiles/samples");
    private static final Path SHIPPED = Path.of("src/main/resources/dev/overhead/profiles");

    private static Profiles shipped() throws Exception {
        return Profiles.load((Path) null);
    }

    /** The first capture group of each metric's pattern, as the run loop reads it (stdout, then stderr). */
    private static Double value(Profile p, String metric, String sample) throws Exception {
        MetricSpec spec = p.metrics().stream()
                .filter(m -> m.name().equals(metric))
                .findFirst()
                .orElseThrow();
        Matcher m = spec.pattern().matcher(Files.readString(SAMPLES.resolve(sample)));
        return m.find() ? Double.parseDouble(m.group(1)) : null;
    }

    @ParameterizedTest
    @CsvSource({
        "hackbench, time, hackbench.txt, 0.277",
        "stress-ng, bogo_ops_s, stress-ng-cpu.txt, 2081.44",
        "stress-ng, bogo_ops_s, stress-ng-vm.txt, 38950.64",
        "stress-ng, bogo_ops_s, stress-ng-iomix.txt, 77233.31",
        "sysbench, events, sysbench-threads.txt, 6518",
        "sysbench, latency_avg, sysbench-threads.txt, 0.61",
        "sysbench, events, sysbench-cpu.txt, 3507",
        "sysbench, latency_avg, sysbench-cpu.txt, 0.57",
        "sysbench, events, sysbench-memory.txt, 2820748",
        "sysbench-mutex, total_time, sysbench-mutex.txt, 0.9652",
        "sysbench-mutex, latency_avg, sysbench-mutex.txt, 936.58",
        "dbench, throughput, dbench.txt, 339.764",
        "dbench, max_latency, dbench.txt, 125.889",
        "openssl-speed, throughput, openssl-sha256.txt, 1693422.93",
        "openssl-speed, throughput, openssl-aes-128-gcm.txt, 5868748.80",
    })
    void parsersReadTheRealOutput(String profile, String metric, String sample, double expected) throws Exception {
        Profile p = shipped().find(profile).orElseThrow();

        assertThat(value(p, metric, sample)).isEqualTo(expected);
    }

    @Test
    void everyShippedFileIsListedAndReadsWithItsPrimaryAndPackage() throws Exception {
        List<String> files;
        try (Stream<Path> s = Files.list(SHIPPED)) {
            files = s.map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".yaml"))
                    .sorted()
                    .toList();
        }
        assertThat(Files.readAllLines(SHIPPED.resolve("index"))).containsExactlyElementsOf(files);
        Profiles all = shipped();
        assertThat(all.all())
                .extracting(Profile::name)
                .contains(
                        "hackbench",
                        "stress-ng",
                        "sysbench",
                        "dbench",
                        "ls-lR",
                        "kernel-build",
                        "build",
                        "gzip",
                        "xz",
                        "openssl-speed",
                        "git-status");
        assertThat(all.find("hackbench").orElseThrow().packageName()).isEqualTo("rt-tests");
        assertThat(all.find("stress-ng").orElseThrow().primary()).isEqualTo("bogo_ops_s");
        assertThat(all.find("ls-lR").orElseThrow().primary()).isEqualTo("wall");
        assertThat(all.packageFor("/usr/bin/hackbench")).contains("rt-tests");
    }

    @Test
    void higherIsBetterWhereTheProgramCountsWorkDone() throws Exception {
        Profiles all = shipped();
        for (String name : List.of("stress-ng", "sysbench", "dbench", "openssl-speed")) {
            Profile p = all.find(name).orElseThrow();
            MetricSpec primary = p.metrics().stream()
                    .filter(m -> m.name().equals(p.primary()))
                    .findFirst()
                    .orElseThrow();
            assertThat(primary.better()).as(name).isEqualTo(Direction.HIGHER);
        }
    }

    @Test
    void aPlanUsesAProfileWithParametersOverItsDefaults() throws Exception {
        StudyPlan plan = PlanReader.parse(Path.of("p.yaml"), """
                workloads:
                  - profile: hackbench
                    parameters: {groups: ["2", "4"], loops: "100"}
                  - {name: cpu, profile: stress-ng, parameters: {seconds: "1"}, primary: wall}
                """, shipped());

        assertThat(plan.workloads())
                .extracting(Workload::name)
                .containsExactly("hackbench[groups=2]", "hackbench[groups=4]", "cpu");
        Workload hb = plan.workloads().get(1);
        assertThat(hb.command()).containsExactly("hackbench", "-s", "4096", "-l", "100", "-g", "4", "-f", "25", "-P");
        assertThat(hb.primary()).isEqualTo("time");
        assertThat(hb.metrics()).extracting(MetricSpec::name).containsExactly("time");
        Workload cpu = plan.workloads().get(2);
        assertThat(cpu.command()).containsExactly("stress-ng", "--cpu", "1", "--timeout", "1s", "--metrics-brief");
        assertThat(cpu.primary()).isEqualTo("wall");
    }

    @Test
    void aPlanNamingAnUnknownParameterOrProfileIsRefusedAtItsPlace() throws Exception {
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"),
                        "workloads:\n  - profile: hackbench\n    parameters: {grups: \"2\"}\n",
                        shipped()))
                .isInstanceOf(PlanException.class)
                .hasMessage("p.yaml:3:18: workload 'hackbench' sets 'grups', which is not a parameter of the profile"
                        + " hackbench (its parameters: size, loops, groups, fds)");
        assertThatThrownBy(() -> PlanReader.parse(Path.of("p.yaml"), "workloads:\n  - profile: hackbenh\n", shipped()))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("p.yaml:2:14: there is no profile 'hackbenh' (there are: build, dbench,");
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"), "workloads:\n  - profile: ls-lR\n    command: [ls]\n", shipped()))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("p.yaml:3:5: unknown key 'command' in workload 'ls-lR'");
    }

    @Test
    void aWorkloadSpecSetsAndSweepsParameters() throws Exception {
        List<Workload> ws = WorkloadSpec.parse("sysbench:test=cpu,threads=1,threads=2", shipped());

        assertThat(ws)
                .extracting(Workload::name)
                .containsExactly("sysbench:test=cpu[threads=1]", "sysbench:test=cpu[threads=2]");
        assertThat(ws.get(1).command()).containsExactly("sysbench", "cpu", "--threads=2", "--time=10", "run");
        assertThat(ws.get(1).primary()).isEqualTo("events");
        assertThatThrownBy(() -> WorkloadSpec.parse("sysbench:threads", shipped()))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining("'threads' is not KEY=VALUE");
        assertThatThrownBy(() -> WorkloadSpec.parse("nosuch", shipped()))
                .isInstanceOf(SpecException.class)
                .hasMessageStartingWith("--workload 'nosuch': there is no profile 'nosuch'");
    }

    @Test
    void aUserProfileAddsOneAndOverridesAShippedOne(@TempDir Path home) throws Exception {
        Path folder = Files.createDirectories(home.resolve("overhead/profiles"));
        Files.writeString(folder.resolve("hackbench.yaml"), """
                description: my own hackbench
                package: rt-tests
                command: [hackbench, -g, "{groups}"]
                parameters: {groups: "3"}
                """);
        Files.writeString(
                folder.resolve("sleepy.yaml"),
                "description: sleeps\npackage: coreutils\ncommand: [sleep, \"{s}\"]\nparameters: {s: \"0.1\"}\n");

        Profiles all = Profiles.load(Profiles.userFolder(Map.of("XDG_CONFIG_HOME", home.toString())));

        assertThat(all.find("hackbench").orElseThrow().description()).isEqualTo("my own hackbench");
        assertThat(all.find("hackbench").orElseThrow().primary()).isEqualTo("wall");
        assertThat(all.find("sleepy").orElseThrow().command()).containsExactly("sleep", "{s}");
        assertThat(all.find("dbench")).isPresent();
    }

    @Test
    void aBrokenUserProfileIsRefusedWithItsFileAndPlace(@TempDir Path home) throws Exception {
        Path folder = Files.createDirectories(home.resolve("overhead/profiles"));
        Files.writeString(
                folder.resolve("bad.yaml"), "description: x\npackage: y\ncommand: [x, \"{n}\"]\nprimary: speed\n");

        assertThatThrownBy(() -> Profiles.load(folder))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("bad.yaml:3:")
                .hasMessageContaining("uses {n}, which is not one of its parameters");
    }

    @Test
    void theUserFolderFollowsXdgThenHome() {
        assertThat(Profiles.userFolder(Map.of("XDG_CONFIG_HOME", "/x", "HOME", "/h")))
                .isEqualTo(Path.of("/x/overhead/profiles"));
        assertThat(Profiles.userFolder(Map.of("HOME", "/h"))).isEqualTo(Path.of("/h/.config/overhead/profiles"));
    }
}

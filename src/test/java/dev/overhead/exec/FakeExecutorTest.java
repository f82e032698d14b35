package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FakeExecutorTest {
    private final FakeExecutor fake = new FakeExecutor();

    private static ExecRequest req(String... argv) {
        return ExecRequest.builder(List.of(argv)).captureBytes(1024).build();
    }

    private static ExecRequest withEnv(Map<String, String> env, String... argv) {
        return ExecRequest.builder(List.of(argv)).env(env).captureBytes(1024).build();
    }

    @Test
    @org.junit.jupiter.api.Timeout(600) // a day of sleep: only a fake that does not sleep gets to the asserts
    void sleepTakesExactlyItsDurationWithoutSleeping() throws Exception {
        ExecResult r = fake.run(req("sleep", "24h"));
        assertThat(r.wallS()).isEqualTo(86_400.0);
        assertThat(r.userS()).isZero();
        assertThat(r.sysS()).isZero();
        assertThat(r.exitCode()).isZero();
        assertThat(fake.run(req("/bin/sleep", "2m", "1")).wallS()).isEqualTo(121.0);
    }

    @Test
    void fakeSetsEveryFigure() throws Exception {
        ExecResult r = fake.run(req(
                "fake",
                "wall=1.5",
                "user=1.2",
                "sys=0.1",
                "rss=2048",
                "minflt=7",
                "majflt=1",
                "vcs=3",
                "ivcs=4",
                "fsin=5",
                "fsout=6",
                "exit=2",
                "out=Time: 3.2",
                "err=bad\\n"));
        assertThat(r)
                .isEqualTo(new ExecResult(
                        1.5,
                        1.2,
                        0.1,
                        2048,
                        true,
                        7,
                        1,
                        3,
                        4,
                        5,
                        6,
                        2,
                        null,
                        false,
                        "Time: 3.2",
                        "bad\n",
                        null,
                        false,
                        null));
    }

    @Test
    void aSignalEndsWith128PlusN() throws Exception {
        ExecResult r = fake.run(req("fake", "signal=9"));
        assertThat(r.exitCode()).isEqualTo(137);
        assertThat(r.signal()).isEqualTo(9);
    }

    @Test
    void shellStringsAreReadLikeArgv() throws Exception {
        ExecResult r = fake.run(req("/bin/sh", "-c", "fake wall=0.25 'out=Time: {wall}'"));
        assertThat(r.wallS()).isEqualTo(0.25);
        assertThat(r.stdout()).isEqualTo("Time: 0.250000");
    }

    @Test
    void jitterDiffersRunToRunButRepeatsExactly() throws Exception {
        var first = new ArrayList<Double>();
        var again = new ArrayList<Double>();
        var other = new FakeExecutor();
        for (int i = 0; i < 200; i++) {
            first.add(fake.run(req("fake", "wall=1", "jitter=2%")).wallS());
            again.add(other.run(req("fake", "wall=1", "jitter=2%")).wallS());
        }
        assertThat(first).isEqualTo(again).doesNotHaveDuplicates();
        double mean = first.stream().mapToDouble(d -> d).average().orElseThrow();
        double sd = Math.sqrt(
                first.stream().mapToDouble(d -> (d - mean) * (d - mean)).sum() / (first.size() - 1));
        assertThat(mean).isCloseTo(1.0, within(0.005));
        assertThat(sd).isCloseTo(0.02, within(0.005));
        assertThat(new FakeExecutor(42).run(req("fake", "wall=1", "jitter=2%")).wallS())
                .isNotEqualTo(first.getFirst());
    }

    @Test
    void environmentOfAVariantChangesTheFigures() throws Exception {
        ExecResult r = fake.run(withEnv(
                Map.of("FAKE_SCALE", "1.1", "FAKE_ADD", "0.05", "FAKE_RSS_ADD", "512"),
                "fake",
                "wall=2",
                "user=1",
                "rss=1000"));
        assertThat(r.wallS()).isCloseTo(2.25, within(1e-12));
        assertThat(r.userS()).isCloseTo(1.1, within(1e-12));
        assertThat(r.maxRssKib()).isEqualTo(1512);
    }

    @Test
    void aWrapperPrefixScalesTheCommand() throws Exception {
        assertThat(fake.run(req("fakewrap", "1.2", "sleep", "1")).wallS()).isCloseTo(1.2, within(1e-12));
    }

    @Test
    void aTimeoutShorterThanTheRunEndsItAsSigtermWould() throws Exception {
        var request = ExecRequest.builder(List.of("sleep", "10"))
                .timeout(Duration.ofSeconds(2))
                .build();
        ExecResult r = fake.run(request);
        assertThat(r.timedOut()).isTrue();
        assertThat(r.wallS()).isEqualTo(2.0);
        assertThat(r.exitCode()).isEqualTo(143);
    }

    @Test
    void outputIsCutToTheCapturedTailAndOmittedWhenNotAsked() throws Exception {
        assertThat(fake.run(ExecRequest.builder(List.of("fake", "out=abcdef"))
                                .captureBytes(3)
                                .build())
                        .stdout())
                .isEqualTo("def");
        assertThat(fake.run(ExecRequest.of(List.of("fake", "out=abcdef"))).stdout())
                .isEmpty();
    }

    @Test
    void outputToAFileIsAppended(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("out");
        var request = ExecRequest.builder(List.of("fake", "out=x\\n"))
                .output(new OutputPolicy.ToFile(file))
                .build();
        fake.run(request);
        fake.run(request);
        assertThat(Files.readString(file)).isEqualTo("x\nx\n");
    }

    @Test
    void unknownCommandsFailToStart() {
        assertThatThrownBy(() -> fake.run(req("make")))
                .isInstanceOf(ExecException.class)
                .hasMessageStartingWith("command not found: make");
        assertThatThrownBy(() -> fake.run(req("fake", "wall")))
                .isInstanceOf(ExecException.class)
                .hasMessageContaining("expected KEY=VALUE");
    }

    @Test
    void countsItsCalls() throws Exception {
        fake.run(req("true"));
        assertThat(fake.run(req("false")).exitCode()).isEqualTo(1);
        assertThat(fake.calls()).isEqualTo(2);
    }

    @Test
    void anAtFileStandsForTheWordsInIt(@TempDir Path dir) throws Exception {
        Path cost = dir.resolve("cost");
        Files.writeString(cost, "wall=0.25 user=0.2\n");
        ExecResult r = fake.run(req("fake", "@" + cost, "sys=0.01"));
        assertThat(r.wallS()).isEqualTo(0.25);
        assertThat(r.userS()).isEqualTo(0.2);
        assertThat(r.sysS()).isEqualTo(0.01);
        assertThatThrownBy(() -> fake.run(req("fake", "@" + dir.resolve("missing"))))
                .isInstanceOf(ExecException.class)
                .hasMessageContaining("cannot read");
    }
}

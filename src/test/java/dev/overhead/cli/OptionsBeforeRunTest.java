package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static dev.overhead.cli.StoreSafetyTest.storeWithStudies;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every option of {@code run} is checked before anything runs or is stored (issue 33, cases 1 and 4-6):
 * exit 2, one sentence, and the store is not even made.
 */
@Processes
class OptionsBeforeRunTest {
    @TempDir
    Path dir;

    private StoreSafetyTest.Result run(String... args) {
        List<String> all = new ArrayList<>(
                List.of("run", "--fake-exec", "--store", dir.resolve("s.db").toString()));
        all.addAll(List.of(args));
        return overhead(all.toArray(String[]::new));
    }

    private void refused(StoreSafetyTest.Result r, String words) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(words).doesNotContain("internal error").doesNotContain("\tat ");
        assertThat(r.err().strip().lines()).as("one sentence").hasSizeLessThanOrEqualTo(2);
        assertThat(dir.resolve("s.db")).as("no study stored").doesNotExist();
    }

    @Test
    void anUnknownFormatStoresNoStudy() {
        refused(run("--runs", "2", "--format", "xml", "sleep 1"), "--format xml is not known");
    }

    @Test
    void durationsPastAYearAreRefusedNotOverflowed() {
        refused(run("--runs", "2", "--timeout", "9999999999d", "sleep 1"), "--timeout: the duration '9999999999d'");
        refused(run("--runs", "2", "--time-budget", "99999999999999d", "sleep 1"), "(3650d, ten years)");
    }

    @Test
    void contradictionsAreRefused() {
        refused(run("--runs", "3", "--min-runs", "5", "sleep 1"), "--runs 3 contradicts --min-runs 5");
        refused(run("--runs", "9", "--max-runs", "5", "sleep 1"), "--runs 9 contradicts --max-runs 5");
        refused(run("--runs", "2", "-V", "a:", "true", "--", "false"), "'true' stands before it");
        refused(
                run("--runs", "2", "--install-boot-unit", dir.toString(), "sleep 1"),
                "--install-boot-unit is for boot");
    }

    @Test
    void aPlanWithVariantsIsAUsageError() throws Exception {
        Path plan = dir.resolve("p.yaml");
        Files.writeString(plan, "workloads:\n  - name: w\n    command: [sleep, '1']\nvariants:\n  - name: a\n");
        refused(run("--plan", plan.toString(), "-V", "b:"), "--plan describes the whole study");
        refused(run("--plan", dir.resolve("missing.yaml").toString(), "-V", "b:"), "--plan describes the whole study");
    }

    @Test
    void namesAreCheckedBeforeAnyRun() {
        refused(run("--runs", "2", "--metrics", "nosuch", "sleep 1"), "--metrics nosuch names no metric");
        refused(run("--runs", "2", "--adjust", "bogus", "sleep 1"), "--adjust bogus is not known");
        var good = run("--runs", "2", "--metrics", "wall", "--adjust", "holm", "sleep 1", "sleep 2");
        assertThat(good.code()).as(good.err()).isZero();
    }

    @Test
    void anExportIntoAMissingDirectoryIsRefusedBeforeMeasuring() {
        Path missing = dir.resolve("no-such-dir").resolve("r.html");
        refused(run("--runs", "2", "--export-html", missing.toString(), "sleep 1"), "does not exist");
        refused(run("--runs", "2", "--export-json", missing.toString(), "sleep 1"), "does not exist");
    }

    @Test
    void exportAllToADeviceFailsAndLeavesTheDeviceADevice() throws Exception {
        Path db = storeWithStudies(dir, 1);
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        var r = overhead("export-all", "--store", db.toString(), fifo.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("is not a regular file");
        assertThat(Files.isRegularFile(fifo))
                .as("still a pipe, not renamed over")
                .isFalse();
        assertThat(Files.exists(fifo)).isTrue();
    }

    @Test
    void serveWithAnAddressThatIsNoneIsAUsageError() {
        var r = overhead("serve", "--store", dir.resolve("s.db").toString(), "--bind", "999.1.1.1", "--port", "0");
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("--bind 999.1.1.1 is not an address");
    }

    @Test
    void serveOnAnAddressOthersReachNeedsAToken() throws Exception {
        // issue 31, case 7: anyone who reached 0.0.0.0 read every study
        var open = overhead("serve", "--store", dir.resolve("s.db").toString(), "--bind", "0.0.0.0", "--port", "0");
        assertThat(open.code()).as(open.err()).isEqualTo(2);
        assertThat(open.err()).contains("serve on 0.0.0.0").contains("give --token FILE");
        Path weak = Files.writeString(dir.resolve("weak"), "secret\n");
        var shortToken = overhead(
                "serve",
                "--store",
                dir.resolve("s.db").toString(),
                "--bind",
                "0.0.0.0",
                "--port",
                "0",
                "--token",
                weak.toString());
        assertThat(shortToken.code()).isEqualTo(2);
        assertThat(shortToken.err()).contains("does not hold a token of 16 or more");
        var missing = overhead(
                "serve",
                "--store",
                dir.resolve("s.db").toString(),
                "--token",
                dir.resolve("nosuch").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("cannot be read");
    }

    @Test
    void outputNamingTheStoreOrThePlanIsRefusedAndBothKept() throws Exception {
        Path db = storeWithStudies(dir, 1);
        byte[] before = Files.readAllBytes(db);
        var r = overhead(
                "run", "--fake-exec", "--runs", "2", "--store", db.toString(), "--output", db.toString(), "sleep 1");
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("the --output file " + db + " is the store " + db);
        assertThat(Files.readAllBytes(db)).isEqualTo(before);

        Path plan = dir.resolve("p.yaml");
        String yaml = "workloads:\n  - name: w\n    command: [sleep, '1']\nvariants:\n  - name: a\n";
        Files.writeString(plan, yaml);
        var p = overhead(
                "run",
                "--fake-exec",
                "--store",
                dir.resolve("other.db").toString(),
                "--plan",
                plan.toString(),
                "--output",
                dir.resolve(".").resolve("p.yaml").toString());
        assertThat(p.code()).as(p.err()).isEqualTo(2);
        assertThat(p.err()).contains("is the input " + plan);
        assertThat(Files.readString(plan)).isEqualTo(yaml);
        var wal = overhead(
                "run",
                "--fake-exec",
                "--runs",
                "2",
                "--store",
                db.toString(),
                "--export-json",
                plan.toString(),
                "--plan",
                plan.toString());
        assertThat(wal.code()).isEqualTo(2);
        assertThat(Files.readString(plan)).isEqualTo(yaml);
    }
}

package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.Poll;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * levels: {boot: 2} end to end, with "boots" simulated as the issue asks: switch writes the next
 * variant's name to a file, identify reads it, and the test runs 'overhead resume' as a boot would;
 * one boot comes up on the wrong variant and one resume is killed half-way through its share.
 */
class BootLevelsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final Launcher overhead = new Launcher();

    private Path store;
    private Path current;

    private int runs() throws Exception {
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + store);
                var rs = c.createStatement().executeQuery("SELECT count(*) FROM runs")) {
            return rs.getInt(1);
        }
    }

    private Launcher.Result resume(String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("resume", "kernels", "--store", store.toString()));
        args.addAll(List.of(more));
        return overhead.run(args.toArray(String[]::new));
    }

    /**
     * A plan of stock and hardened over two boots each, with {@code runs} per boot; its switch writes
     * the next variant's name to a file, its identify reads it, and the machine now "runs" {@code running}.
     */
    private Path plan(String running, int runs, String workloads) throws java.io.IOException {
        store = overhead.home().resolve("boots.db");
        current = overhead.home().resolve("current-variant");
        Files.writeString(current, running + "\n");
        return Files.writeString(overhead.home().resolve("boots.yaml"), """
                name: kernels
                runs: {count: RUNS}
                levels: {boot: 2}
                boot: {switch: "echo {variant} > CURRENT", identify: "cat CURRENT"}
                workloads: WORKLOADS
                variants: [{name: stock}, {name: hardened}]
                """.replace("RUNS", Integer.toString(runs))
                .replace("WORKLOADS", workloads)
                .replace("CURRENT", current.toString()));
    }

    @Test
    void aBootStudyRunsShareByShareAndNeverMixesVariants() throws Exception {
        Path plan = plan("hardened", 3, "[{name: nap, command: [sleep, \"0.2\"]}]");

        var first = overhead.run("run", "--plan", plan.toString(), "--store", store.toString());
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.stderr()).contains("runs its variants over 4 boots in this order: ");

        // A boot that comes up on the wrong variant: stopped with one sentence, nothing measured.
        int before = runs();
        String expected = Files.readString(current).strip();
        String wrong = expected.equals("stock") ? "hardened" : "stock";
        Files.writeString(current, wrong + "\n");
        var refused = resume();
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
        assertThat(refused.stderr())
                .contains("expected variant " + expected + " for boot ")
                .contains("but this machine runs " + wrong + " (identify: 'cat " + current + "')")
                .contains("nothing was measured, so variants do not mix")
                .doesNotContain("Exception");
        assertThat(runs()).isEqualTo(before);
        assertThat(resume("--switch").exitCode()).isZero();
        assertThat(Files.readString(current).strip()).isEqualTo(expected);

        // A resume killed in the middle of its share: the next resume (the same boot) finishes the share.
        int killedAt = runs();
        var running = overhead.start(Map.of(), "resume", "kernels", "--store", store.toString());
        assertThat(Poll.until(Duration.ofSeconds(60), () -> runs() > killedAt)).isTrue();
        running.process().destroyForcibly();
        running.process().waitFor();
        assertThat(runs()).isLessThan(killedAt + 3).as("killed before its share was complete");

        Path unit = Files.writeString(overhead.home().resolve("overhead-resume-test.service"), "[Unit]\n");
        Launcher.Result last = null;
        for (int boot = 0; boot < 6; boot++) {
            last = resume("--format", "json", "--boot-unit", unit.toString()); // as the unit runs it
            assertThat(last.exitCode()).as(last.toString()).isZero();
            if (!last.stdout().isBlank()) {
                break; // the last share's resume reports the study
            }
        }
        assertThat(last.stderr()).contains("has measured every boot");
        assertThat(unit).as("the unit removes itself when the study is done").doesNotExist();
        JsonNode root = JSON.readTree(last.stdout());

        Map<Integer, String> variantOfBoot = new TreeMap<>();
        Map<Integer, Integer> runsOfBoot = new TreeMap<>();
        for (JsonNode v : root.path("workloads").get(0).path("variants")) {
            for (JsonNode r : v.path("runs")) {
                int boot = r.path("boot").asInt();
                String before2 = variantOfBoot.put(boot, v.path("name").asText());
                assertThat(before2)
                        .as("boot " + boot + " holds one variant")
                        .isIn(null, v.path("name").asText());
                runsOfBoot.merge(boot, 1, Integer::sum);
                assertThat(r.path("round").asInt()).as("boots share no rounds").isEqualTo(-1);
            }
        }
        assertThat(runsOfBoot).isEqualTo(Map.of(1, 3, 2, 3, 3, 3, 4, 3));
        List<String> order = new ArrayList<>(variantOfBoot.values());
        assertThat(order).containsOnly("stock", "hardened");
        assertThat(order.subList(0, 2))
                .as("blocks: each variant once per pair of boots, " + order)
                .containsExactlyInAnyOrder("stock", "hardened");
        JsonNode wall = Launcher.comparison(root, "wall", "hardened");
        assertThat(wall.path("design").asText()).isEqualTo("boots");
        assertThat(wall.path("units").path("boot").asInt()).isEqualTo(2);
        assertThat(wall.path("method").asText()).contains("over 2+2 boots");
        // the levels are the study's settings, not variables in the commands' environment
        assertThat(root.path("study")
                        .path("options")
                        .path("levels")
                        .path("boot")
                        .asInt())
                .isEqualTo(2);
        assertThat(root.path("study")
                        .path("options")
                        .path("boot")
                        .path("identify")
                        .asText())
                .isEqualTo("cat " + current);
        assertThat(root.path("workloads")
                        .get(0)
                        .path("variants")
                        .get(0)
                        .path("env")
                        .size())
                .isZero();

        assertThat(overhead.run("show", "kernels", "--store", store.toString()).stdout())
                .contains("  boot 4");

        var again = resume();
        assertThat(again.exitCode()).isEqualTo(1);
        assertThat(again.stderr()).contains("is complete");
    }

    /**
     * A boot study stored before the levels were settings (they rode in each variant's environment:
     * OVERHEAD_BOOTS, OVERHEAD_BOOT_SWITCH, OVERHEAD_BOOT_IDENTIFY), made by that version with
     * {@code levels: {boot: 2}}, {@code runs: {count: 2}}, seed 17, {@code --fake-exec}, switch
     * {@code echo {variant} > current-variant} and identify {@code cat current-variant}, and stopped
     * after its first boot (hardened): it still resumes, boot by boot, and reports over boots.
     */
    @Test
    void aBootStudyStoredWithItsLevelsInTheVariantsEnvironmentsStillResumes() throws Exception {
        store = overhead.home().resolve("old.db");
        Files.copy(Launcher.ROOT.resolve("src/test/resources/stores/boot-study-env-levels.db"), store);
        Files.writeString(overhead.home().resolve("current-variant"), "stock\n"); // the boot it asked for
        assertThat(runs()).isEqualTo(2);
        Launcher.Result last = null;
        for (int boot = 0; boot < 4; boot++) {
            last = resume("--fake-exec", "--format", "json");
            assertThat(last.exitCode()).as(last.toString()).isZero();
            if (!last.stdout().isBlank()) {
                break;
            }
        }
        assertThat(last.stderr()).contains("has measured every boot");
        assertThat(runs()).isEqualTo(8);
        JsonNode root = JSON.readTree(last.stdout());
        assertThat(root.path("study")
                        .path("options")
                        .path("levels")
                        .path("boot")
                        .asInt())
                .as("read from the variants' environments")
                .isEqualTo(2);
        JsonNode wall = Launcher.comparison(root, "wall", "hardened");
        assertThat(wall.path("design").asText()).isEqualTo("boots");
        assertThat(wall.path("units").path("boot").asInt()).isEqualTo(2);
        var report = overhead.run("report", "--detail", "kernels", "--store", store.toString());
        assertThat(report.stdout())
                .contains("levels=boot:2")
                .contains("runs: stock 4 over 2 boots, hardened 4 over 2 boots")
                .containsPattern("Design:\\s+each\\s+variant\\s+ran\\s+in\\s+2\\s+boots"); // wrapped at 80
    }

    @Test
    void theBootUnitResumesTheStudyAndIsOnlyWritten() throws Exception {
        Path plan = plan("stock", 2, "[{name: w, command: [true]}]");
        Path fromRun = overhead.home().resolve("from-run");
        var started = overhead.run(
                "run",
                "--plan",
                plan.toString(),
                "--store",
                store.toString(),
                "--fake-exec",
                "--install-boot-unit",
                fromRun.toString());
        assertThat(started.exitCode()).as(started.toString()).isZero();
        try (var files = Files.list(fromRun)) {
            assertThat(files.toList())
                    .singleElement()
                    .satisfies(u -> assertThat(Files.readString(u)).contains("resume --store " + store));
        }
        Path units = overhead.home().resolve("units");

        var r = overhead.run("boot-unit", "install", "kernels", "--store", store.toString(), "--dir", units.toString());

        assertThat(r.exitCode()).as(r.toString()).isZero();
        try (var files = Files.list(units)) {
            Path unit = files.findFirst().orElseThrow();
            assertThat(unit.getFileName().toString()).matches("overhead-resume-[0-9a-f-]+\\.service");
            String text = Files.readString(unit);
            assertThat(text)
                    .contains("[Unit]", "[Service]", "Type=oneshot", "WantedBy=multi-user.target")
                    .containsPattern("ExecStart=\\S+java --enable-native-access=ALL-UNNAMED -jar \\S+overhead\\.jar"
                            + " resume --store " + store + " --boot-unit " + unit + " [0-9a-f-]+\n");
            assertThat(r.stdout()).contains("systemctl daemon-reload && systemctl enable " + unit.getFileName());
        }
    }
}

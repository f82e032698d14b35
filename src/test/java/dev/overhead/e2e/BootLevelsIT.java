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

    @Test
    void aBootStudyRunsShareByShareAndNeverMixesVariants() throws Exception {
        store = overhead.home().resolve("boots.db");
        current = overhead.home().resolve("current-variant");
        Files.writeString(current, "hardened\n");
        Path plan =
                Files.writeString(overhead.home().resolve("boots.yaml"), """
                name: kernels
                runs: {count: 3}
                levels: {boot: 2}
                boot: {switch: "echo {variant} > CURRENT", identify: "cat CURRENT"}
                workloads:
                  - {name: nap, command: [sleep, "0.2"]}
                variants:
                  - {name: stock}
                  - {name: hardened}
                """.replace("CURRENT", current.toString()));

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

        assertThat(overhead.run("show", "kernels", "--store", store.toString()).stdout())
                .contains("  boot 4");

        var again = resume();
        assertThat(again.exitCode()).isEqualTo(1);
        assertThat(again.stderr()).contains("is complete");
    }

    @Test
    void theBootUnitResumesTheStudyAndIsOnlyWritten() throws Exception {
        store = overhead.home().resolve("boots.db");
        current = overhead.home().resolve("current-variant");
        Files.writeString(current, "stock\n");
        Path plan =
                Files.writeString(overhead.home().resolve("boots.yaml"), """
                name: kernels
                runs: {count: 2}
                levels: {boot: 2}
                boot: {switch: "echo {variant} > CURRENT", identify: "cat CURRENT"}
                workloads: [{name: w, command: [true]}]
                variants: [{name: stock}, {name: hardened}]
                """.replace("CURRENT", current.toString()));
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

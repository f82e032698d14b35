package dev.overhead.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overhead.stats.CompareOptions;
import dev.overhead.stats.Estimand;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The settings' one written form: every field survives it, and what earlier versions wrote still reads. */
class StudySettingsCodecTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Every field away from its default, so that a field the codec forgets cannot pass. */
    static final StudySettings EVERYTHING_SET = new StudySettings(
            new Stopping.Fixed(7),
            2,
            Duration.ofSeconds(90),
            RunOrder.BLOCKED,
            "sync",
            Duration.ofMillis(1500),
            true,
            "cpu",
            "glibc",
            new CompareOptions(0.99, 2.5, Estimand.TYPICAL),
            42L,
            List.of(0, 2),
            5,
            true,
            true,
            true,
            true,
            "hyperfine",
            List.of("a.json", "b.json"),
            new Levels(
                    3,
                    true,
                    2,
                    "echo {variant} > /run/next",
                    "cat /run/variant",
                    Map.of("stock", new Levels.Boot("/boot/vmlinuz-6.1", "/boot/initrd.img-6.1", "quiet"))));

    /** Through JSON text and back, as the store and the JSON report carry it. */
    private static StudySettings throughJson(StudySettings s) throws Exception {
        String text = JSON.writeValueAsString(StudySettingsCodec.write(s));
        return StudySettingsCodec.read(JSON.readValue(text, new TypeReference<LinkedHashMap<String, Object>>() {}));
    }

    private static StudySettings fromJson(String text) throws Exception {
        return StudySettingsCodec.read(JSON.readValue(text, new TypeReference<LinkedHashMap<String, Object>>() {}));
    }

    @Test
    void theSampleSetsEveryFieldAwayFromItsDefault() throws Exception {
        for (RecordComponent c : StudySettings.class.getRecordComponents()) {
            assertThat(c.getAccessor().invoke(EVERYTHING_SET))
                    .as(c.getName())
                    .isNotEqualTo(c.getAccessor().invoke(StudySettings.DEFAULTS));
        }
    }

    @Test
    void everyFieldSurvivesTheRoundTrip() throws Exception {
        assertThat(throughJson(EVERYTHING_SET)).isEqualTo(EVERYTHING_SET);
    }

    @Test
    void adaptiveBoundsAndAbsentOptionalsSurviveTheRoundTrip() throws Exception {
        StudySettings adaptive = StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Adaptive(3, 9))
                .order(RunOrder.INTERLEAVED)
                .seed(7L)
                .build();
        assertThat(throughJson(adaptive)).isEqualTo(adaptive);
        assertThat(throughJson(StudySettings.DEFAULTS.withSeed(1))).isEqualTo(StudySettings.DEFAULTS.withSeed(1));
        StudySettings precise = adaptive.toBuilder()
                .stopping(new Stopping.Adaptive(3, 9, LookSchedule.DOUBLING, 1.5))
                .build();
        assertThat(StudySettingsCodec.write(precise)).containsEntry("precision", 1.5);
        assertThat(throughJson(precise)).isEqualTo(precise);
        assertThat(precise.precisionPct()).isEqualTo(1.5);
        StudySettings old = adaptive.toBuilder()
                .stopping(new Stopping.Adaptive(3, 9, LookSchedule.EVERY_ROUND, null))
                .build();
        assertThat(throughJson(old)).isEqualTo(old);
    }

    @Test
    void anotherToolsStudyKeepsWhereItCameFromAndNothingElse() throws Exception {
        assertThat(StudySettingsCodec.write(StudySettings.readFrom("hyperfine")))
                .containsExactly(Map.entry("source", "hyperfine"));
        assertThat(throughJson(StudySettings.readFrom("hyperfine"))).isEqualTo(StudySettings.readFrom("hyperfine"));
        StudySettings merged = StudySettings.merged(List.of("before", "after"));
        assertThat(JSON.writeValueAsString(StudySettingsCodec.write(merged)))
                .isEqualTo("{\"sources\":[\"before\",\"after\"]}");
        assertThat(throughJson(merged)).isEqualTo(merged);
    }

    /** The keys and their order are those studies were stored and reported with before (docs/cli.md). */
    @Test
    void writesTheKeysThePreviousVersionWrote() throws Exception {
        StudySettings s = StudySettings.DEFAULTS.toBuilder()
                .warmup(1)
                .timeBudget(Duration.ofSeconds(80))
                .timeout(Duration.ofSeconds(60))
                .baseline("glibc")
                .seed(123L)
                .build();
        // what StudyExecution.optionsOf wrote for the same settings (the demo's), byte for byte
        // and the looks, which a study stored before they were spaced did not write (read back as every-round),
        // and the default precision (issue 28.5), which studies before it did not have (read back as none)
        assertThat(JSON.writeValueAsString(StudySettingsCodec.write(s)))
                .isEqualTo(
                        "{\"min_runs\":5,\"max_runs\":50,\"looks\":\"doubling\",\"precision\":1.0,\"precision_share\":0.25,\"warmup\":1,\"order\":\"randomized\",\"seed\":123,"
                                + "\"primary\":\"wall\",\"baseline\":\"glibc\",\"threshold\":1.0,\"confidence\":0.95,"
                                + "\"time_budget_s\":80.0,\"timeout_s\":60.0,\"ignore_failure\":false,\"no_aslr\":false,"
                                + "\"drop_caches\":false}");
    }

    @Test
    void levelsAreWrittenWithThePlansKeys() throws Exception {
        StudySettings s = StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Fixed(6))
                .levels(new Levels(3, true, 0, null, null, Map.of()))
                .build();
        assertThat(JSON.writeValueAsString(StudySettingsCodec.write(s)))
                .endsWith(",\"levels\":{\"build\":3,\"link_order\":\"shuffle\"}}");
        assertThat(throughJson(s)).isEqualTo(s);
        assertThat(StudySettingsCodec.write(StudySettings.DEFAULTS)).doesNotContainKeys("levels", "boot");
    }

    /** Before levels were settings, a plan's levels rode in every variant's environment: such a study still reads. */
    @Test
    void aStudyStoredWithLevelsInItsVariantsEnvironmentsGetsThemAsSettings() {
        Map<String, String> boot = Map.of(
                "OVERHEAD_BOOTS", "4",
                "OVERHEAD_BOOT_SWITCH", "echo {variant} > next",
                "OVERHEAD_BOOT_IDENTIFY", "cat next");
        Map<String, String> sl = new LinkedHashMap<>(boot);
        sl.put("OVERHEAD_BOOT_KERNEL", "/boot/vmlinuz-sl");
        sl.put("OVERHEAD_BOOT_CMDLINE", "quiet sl=1");
        List<Variant> variants = List.of(
                new Variant("stock", boot, List.of(), List.of(), List.of()),
                new Variant("sl", sl, List.of(), List.of(), List.of()));
        StudySettings old = StudySettings.DEFAULTS.withSeed(5);
        Levels l = Levels.upgraded(old, variants).levels();
        assertThat(l)
                .isEqualTo(new Levels(
                        0,
                        false,
                        4,
                        "echo {variant} > next",
                        "cat next",
                        Map.of("sl", new Levels.Boot("/boot/vmlinuz-sl", null, "quiet sl=1"))));
        Map<String, String> built =
                Map.of("OVERHEAD_BUILD", "make", "OVERHEAD_BUILDS", "3", "OVERHEAD_LINK_ORDER", "shuffle");
        assertThat(Levels.upgraded(old, List.of(new Variant("O2", built, List.of(), List.of(), List.of())))
                        .levels())
                .isEqualTo(new Levels(3, true, 0, null, null, Map.of()));
        // nothing to upgrade: the same settings
        assertThat(Levels.upgraded(old, List.of(Variant.plain("a")))).isSameAs(old);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.5", "\"2.5%\"", "\"2.5 %\"", "\"2.5\""})
    void readsTheThresholdWhicheverWayItWasWritten(String written) throws Exception {
        assertThat(fromJson("{\"runs\": 10, \"threshold\": " + written + "}")
                        .compare()
                        .thresholdPct())
                .isEqualTo(2.5);
    }

    @Test
    void aStudyStoredWithoutAnEstimandIsReadWithTheDefault() throws Exception {
        // studies stored before the estimand was chosen were judged by the rule of their time; read
        // again, they are judged by the ratio of geometric means (docs/statistics.md §2b)
        assertThat(fromJson("{\"runs\": 10}").compare().estimand()).isEqualTo(Estimand.GEOMEAN);
        assertThat(fromJson("{\"runs\": 10, \"estimand\": \"typical\"}")
                        .compare()
                        .estimand())
                .isEqualTo(Estimand.TYPICAL);
        assertThat(fromJson("{\"runs\": 10, \"estimand\": \"mode\"}").compare().estimand())
                .isEqualTo(Estimand.GEOMEAN);
        assertThat(StudySettingsCodec.write(StudySettings.DEFAULTS)).doesNotContainKey("estimand");
    }

    @Test
    void bothLegacyThresholdEncodingsReadAsTheSameSettings() throws Exception {
        // studies run by overhead stored 1.0; plans' option maps and report fixtures wrote "1%"
        assertThat(fromJson("{\"runs\": 10, \"threshold\": 1.0, \"confidence\": 0.95}"))
                .isEqualTo(fromJson("{\"runs\": 10, \"threshold\": \"1%\", \"confidence\": 0.95}"))
                .isEqualTo(fromJson("{\"runs\": 10, \"threshold\": \"1.0%\", \"confidence\": 0.95}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.9", "90", "\"90%\"", "\"0.9\""})
    void readsTheConfidenceAsALevelOrAPercentage(String written) throws Exception {
        assertThat(fromJson("{\"runs\": 10, \"confidence\": " + written + "}")
                        .compare()
                        .confidence())
                .isCloseTo(0.9, org.assertj.core.data.Offset.offset(1e-12));
    }

    /** A study stored by the version before the settings were typed, as its options column held it. */
    @Test
    void readsWhatThePreviousVersionStored() throws Exception {
        StudySettings s = fromJson("{\"runs\":3,\"warmup\":0,\"order\":\"interleaved\",\"seed\":99,"
                + "\"primary\":\"wall\",\"threshold\":1.0,\"confidence\":0.95,\"timeout_s\":2.5,"
                + "\"prepare\":\"sync\",\"ignore_failure\":true,\"pin\":[1,3],\"nice\":10,\"no_aslr\":true,"
                + "\"drop_caches\":false,\"counters\":true}");
        assertThat(s)
                .isEqualTo(StudySettings.DEFAULTS.toBuilder()
                        .stopping(new Stopping.Fixed(3))
                        .order(RunOrder.INTERLEAVED)
                        .prepare("sync")
                        .timeout(Duration.ofMillis(2500))
                        .ignoreFailure(true)
                        .seed(99L)
                        .cpus(List.of(1, 3))
                        .nice(10)
                        .noAslr(true)
                        .counters(true)
                        .build());
    }

    @Test
    void absentOrUnreadableValuesTakeTheirDefaults() throws Exception {
        StudySettings absent = fromJson("{\"runs\": 4}");
        StudySettings unreadable = fromJson("{\"runs\": 4, \"warmup\": \"x\", \"order\": \"sideways\", \"primary\": 7,"
                + " \"threshold\": \"lots\", \"confidence\": 3000, \"seed\": \"soon\"}");
        // every field but how it stops is the default: nothing else is stored, or readable
        StudySettings expected = StudySettings.DEFAULTS.toBuilder()
                .stopping(new Stopping.Fixed(4))
                .build();
        assertThat(absent).isEqualTo(expected);
        assertThat(unreadable).isEqualTo(expected);
    }

    @Test
    void onlyOneAdaptiveBoundStoredKeepsTheOtherDefault() throws Exception {
        // stored before the looks were spaced: it looked after every round, and is judged so
        assertThat(fromJson("{\"max_runs\": 20}").stopping())
                .isEqualTo(new Stopping.Adaptive(StudySettings.MIN_RUNS, 20, LookSchedule.EVERY_ROUND, null));
        assertThat(fromJson("{\"max_runs\": 20, \"looks\": \"doubling\", \"precision\": 2.5}")
                        .stopping())
                .isEqualTo(new Stopping.Adaptive(StudySettings.MIN_RUNS, 20, LookSchedule.DOUBLING, 2.5));
        assertThat(fromJson("{\"max_runs\": 20, \"looks\": \"fibonacci\", \"precision\": -1}")
                        .stopping())
                .isEqualTo(new Stopping.Adaptive(StudySettings.MIN_RUNS, 20, LookSchedule.EVERY_ROUND, null));
        assertThat(fromJson("{}").stopping()).isEqualTo(new Stopping.Unknown());
    }
}

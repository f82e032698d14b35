package dev.overhead.store;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.StudyInfo;
import dev.overhead.model.StudySettingsCodec;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import dev.overhead.stats.Direction;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small study definition and runs with every field set, shared by the store's tests. */
final class StoreFixtures {
    private StoreFixtures() {}

    static final Instant CREATED = Instant.parse("2026-12-02T10:30:15.123456789Z");

    static final List<Workload> WORKLOADS = List.of(
            new Workload(
                    "sort", List.of("sort", "-o", "/dev/null", "my file"), false, Map.of(), List.of("sync"), List.of()),
            new Workload(
                    "hackbench[groups=5]",
                    List.of("hackbench -g 5 | tail -1"),
                    true,
                    Map.of("groups", "5"),
                    List.of(),
                    List.of(new MetricSpec("time", Direction.LOWER, "s", "Time: ([0-9.]+)"))));

    static final List<Variant> VARIANTS = List.of(
            Variant.plain("glibc"),
            new Variant(
                    "traced",
                    Map.of("MALLOC_CHECK_", "3"),
                    List.of("strace", "-f", "-o", "/dev/null"),
                    List.of("true"),
                    List.of("echo", "done")));

    static StudyInfo info(String id, String label, Instant created) {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("runs", 10);
        options.put("threshold", "1.0%");
        options.put("confidence", 0.95);
        options.put("shell", false);
        return new StudyInfo(id, label, created, StudySettingsCodec.read(options));
    }

    static Run run(int index, int sequence, double wall) {
        return new Run(
                index,
                sequence,
                index,
                CREATED.plusMillis(sequence),
                index == 2 ? 137 : 0,
                index == 2 ? 9 : null,
                index == 2,
                wall,
                0.25,
                0.125,
                2048 + index,
                index != 1,
                100,
                1,
                3,
                4,
                5,
                6,
                index == 0 ? Map.of("time", 1.5) : Map.of(),
                null,
                null);
    }
}

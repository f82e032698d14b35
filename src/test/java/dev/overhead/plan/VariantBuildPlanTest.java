package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.Variant;
import dev.overhead.run.VariantBuilds;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Plan {@code variants[].build} and {@code cflags}, and {@code {build_dir}} in a workload's command. */
class VariantBuildPlanTest {
    @Test
    void aBuildAndItsFlagsRideInTheVariantAndBuildDirWaitsForTheRun() throws Exception {
        StudyPlan plan = PlanReader.parse(Path.of("p.yaml"), """
                workloads: [{name: b, command: ["{build_dir}/bench", "{n}"], parameters: {n: "5"}}]
                variants:
                  - {name: ssp, cflags: -fstack-protector-all, build: "make O={build_dir} CFLAGS='{cflags}'"}
                """);

        Variant ssp = plan.variants().getFirst();
        assertThat(ssp.env())
                .containsEntry(VariantBuilds.BUILD, "make O={build_dir} CFLAGS='{cflags}'")
                .containsEntry("CFLAGS", "-fstack-protector-all");
        assertThat(plan.workloads().getFirst().command()).containsExactly("{build_dir}/bench", "5");
        Variant built = new Variant("ssp", Map.of(VariantBuilds.DIR, "/tmp/b1"), List.of(), List.of(), List.of());
        assertThat(VariantBuilds.resolve(plan.workloads().getFirst().command(), built))
                .containsExactly("/tmp/b1/bench", "5");
    }

    @Test
    void cflagsWithoutABuildAreRefused() {
        assertThatThrownBy(() -> PlanReader.parse(
                        Path.of("p.yaml"),
                        "workloads: [{name: b, command: [true]}]\nvariants:\n  - {name: x, cflags: -O3}\n"))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("p.yaml:3:23: variant 'x' has cflags but no build");
    }
}

package dev.overhead.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.Levels;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BootScheduleTest {
    private static Variant v(String name, Map<String, String> env) {
        return new Variant(name, env, List.of(), List.of(), List.of());
    }

    private static List<Variant> two(int boots) {
        Map<String, String> env = Map.of(Levels.BOOTS, Integer.toString(boots));
        return List.of(v("a", env), v("b", env));
    }

    @Test
    void everyBlockHoldsEachVariantOnceSoItIsNeverAllAThenAllB() {
        for (long seed = 0; seed < 200; seed++) {
            StudySettings s = StudySettings.DEFAULTS.toBuilder().seed(seed).build();
            List<String> shares = BootSchedule.of(two(4), s).shares();
            assertThat(shares).hasSize(8);
            for (int block = 0; block < 4; block++) {
                assertThat(shares.subList(2 * block, 2 * block + 2)).containsExactlyInAnyOrder("a", "b");
            }
            assertThat(shares).isNotEqualTo(List.of("a", "a", "a", "a", "b", "b", "b", "b"));
        }
    }

    @Test
    void theOrderIsRandomButFixedBySeed() {
        StudySettings s = StudySettings.DEFAULTS.toBuilder().seed(7L).build();
        assertThat(BootSchedule.of(two(6), s)).isEqualTo(BootSchedule.of(two(6), s));
        long distinct = java.util.stream.LongStream.range(0, 50)
                .mapToObj(seed -> BootSchedule.of(
                                two(6),
                                StudySettings.DEFAULTS.toBuilder().seed(seed).build())
                        .shares())
                .distinct()
                .count();
        assertThat(distinct).isGreaterThan(10);
    }

    @Test
    void theTargetCountsTheVariantsEarlierShares() {
        BootSchedule s = new BootSchedule(List.of("a", "b", "b", "a", "b", "a"), 5);
        assertThat(s.target(0)).isEqualTo(5);
        assertThat(s.target(2)).isEqualTo(10);
        assertThat(s.target(5)).isEqualTo(15);
        assertThat(BootSchedule.bootId(2)).isEqualTo(3);
    }

    @Test
    void theDefaultIdentityMatchesTheKernelReleaseAndTheCmdline() {
        Variant stock = v("stock", Map.of(Levels.KERNEL, "/boot/vmlinuz-6.1.0-13-amd64", Levels.CMDLINE, "quiet"));
        Variant sl =
                v("stackleak", Map.of(Levels.KERNEL, "/boot/vmlinuz-6.1.0-13-amd64", Levels.CMDLINE, "quiet sl=1"));
        Variant other = v("other", Map.of(Levels.KERNEL, "/boot/vmlinuz-6.5.0-1-amd64"));
        List<Variant> vs = List.of(stock, sl, other);
        assertThat(BootIdentity.byKernel(vs, "6.5.0-1-amd64", "BOOT_IMAGE=/boot/vmlinuz-6.5.0-1-amd64 ro"))
                .contains("other");
        assertThat(BootIdentity.byKernel(List.of(stock, other), "6.1.0-13-amd64", "ro quiet"))
                .contains("stock");
        // one kernel, told apart by the cmdline: the variant asking for more of it
        assertThat(BootIdentity.byKernel(vs, "6.1.0-13-amd64", "ro quiet sl=1")).contains("stackleak");
        assertThat(BootIdentity.byKernel(vs, "6.1.0-13-amd64", "ro quiet")).contains("stock");
        // two variants alike: ambiguous, so none (the study stops rather than guess)
        assertThat(BootIdentity.byKernel(List.of(stock, v("twin", stock.env())), "6.1.0-13-amd64", "quiet"))
                .isEqualTo(Optional.empty());
        assertThat(BootIdentity.byKernel(vs, "6.2.0", "ro")).isEmpty();
    }
}

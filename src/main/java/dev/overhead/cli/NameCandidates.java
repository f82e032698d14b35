package dev.overhead.cli;

import dev.overhead.plan.Preset;
import dev.overhead.plan.Profile;
import dev.overhead.plan.Profiles;
import dev.overhead.study.LivePresets;
import java.util.Iterator;
import java.util.List;

/**
 * Names shell completion offers (picocli's {@code completionCandidates}): the profiles for {@code
 * --workload}, the presets as {@code -V preset:NAME}. picocli makes these objects when it builds the
 * command model, at every start; the names are looked up only when a completion script is written.
 */
final class NameCandidates {
    private NameCandidates() {}

    /** The profiles, built-in and the user's. */
    static final class ProfileNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            try {
                return Profiles.load().all().stream()
                        .map(Profile::name)
                        .sorted()
                        .iterator();
            } catch (dev.overhead.plan.PlanException | RuntimeException e) {
                return List.<String>of().iterator(); // a broken user profile: no names, the script still written
            }
        }
    }

    /** The presets, as a variant spec names them. */
    static final class PresetSpecs implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            try {
                return LivePresets.presets().all().stream()
                        .map(Preset::name)
                        .sorted()
                        .map(n -> "preset:" + n)
                        .iterator();
            } catch (RuntimeException e) {
                return List.<String>of().iterator();
            }
        }
    }
}

package dev.overhead.study;

import dev.overhead.plan.PlanException;
import dev.overhead.plan.Profiles;
import java.util.Optional;

/** Which Debian package provides a program that a profile or a preset runs, for a refusal's last words. */
public final class Packages {
    private Packages() {}

    /** {@code "; install it with apt-get install rt-tests"}, or empty where no profile or preset knows it. */
    public static Optional<String> hint(String program) {
        Optional<String> pkg;
        try {
            pkg = Profiles.load().packageFor(program);
        } catch (PlanException e) {
            pkg = Optional.empty(); // a broken user profile is reported where profiles are used
        }
        if (pkg.isEmpty()) {
            pkg = LivePresets.presets().packageFor(program);
        }
        return pkg.map(p -> "; install it with apt-get install " + p);
    }
}

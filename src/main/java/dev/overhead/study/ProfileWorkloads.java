package dev.overhead.study;

import dev.overhead.model.Workload;
import dev.overhead.plan.PlanException;
import dev.overhead.plan.Profiles;
import dev.overhead.plan.SpecException;
import dev.overhead.plan.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;

/** {@code run --workload PROFILE[:KEY=VALUE,...]}: the workloads the profiles give, or a sentence. */
public final class ProfileWorkloads {
    private ProfileWorkloads() {}

    public static List<Workload> of(List<String> specs) {
        if (specs.isEmpty()) {
            return List.of();
        }
        Profiles profiles = load();
        List<Workload> out = new ArrayList<>();
        for (String spec : specs) {
            try {
                out.addAll(WorkloadSpec.parse(spec, profiles));
            } catch (SpecException e) {
                throw UserError.usage(e.getMessage());
            }
        }
        return out;
    }

    public static Profiles load() {
        try {
            return Profiles.load();
        } catch (PlanException e) {
            throw new UserError(2, "a user profile cannot be read: " + e.getMessage(), e);
        }
    }
}

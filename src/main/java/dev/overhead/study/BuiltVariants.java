package dev.overhead.study;

import dev.overhead.model.Variant;
import dev.overhead.run.MachineHooks;
import dev.overhead.run.StudySpec;
import dev.overhead.run.VariantBuilds;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Builds the compiler-flag variants of a study before it starts, and adds their binaries' sizes to its notes. */
public final class BuiltVariants {
    private BuiltVariants() {}

    public static StudySpec build(StudySpec spec, PrintWriter err) {
        if (spec.variants().stream().noneMatch(v -> v.env().containsKey(VariantBuilds.BUILD))) {
            return spec;
        }
        List<Variant> built;
        try {
            built = VariantBuilds.build(spec.variants(), err, spec.settings());
        } catch (VariantBuilds.BuildFailure e) {
            throw new UserError(1, e.getMessage() + " Nothing was measured.", e);
        }
        return new StudySpec(spec.label(), spec.workloads(), built, spec.settings(), spec.output());
    }

    public static MachineHooks withSizeNotes(MachineHooks hooks, StudySpec spec) {
        List<String> sizes =
                VariantBuilds.sizeNotes(spec.variants(), spec.settings().baseline());
        if (sizes.isEmpty()) {
            return hooks;
        }
        return new MachineHooks() {
            @Override
            public void beforeRun() {
                hooks.beforeRun();
            }

            @Override
            public void afterRun() {
                hooks.afterRun();
            }

            @Override
            public List<String> warnings() {
                List<String> all = new ArrayList<>(hooks.warnings());
                all.addAll(sizes);
                return all;
            }
        };
    }
}

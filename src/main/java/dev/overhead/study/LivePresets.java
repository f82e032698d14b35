package dev.overhead.study;

import dev.overhead.plan.Presets;
import dev.overhead.sysinfo.MachineProbes;
import dev.overhead.sysinfo.Programs;

/** The presets as this machine has them: plan.Presets deciding from what sysinfo.MachineProbes reads here. */
public final class LivePresets {
    private LivePresets() {}

    /** What the presets ask, answered by this machine. */
    public static Presets.Machine machine() {
        return new Presets.Machine(
                MachineProbes::findLibrary,
                Programs::installed,
                MachineProbes::sysctl,
                MachineProbes::succeeds,
                MachineProbes.cpuFlags(),
                MachineProbes.libraryFolders());
    }

    public static Presets presets() {
        return Presets.of(machine());
    }
}

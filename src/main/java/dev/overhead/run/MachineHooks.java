package dev.overhead.run;

import java.util.List;

/** What the machine needs around each run: dropping caches before, sampling load after. */
public interface MachineHooks {
    /** Before every measured run (not measured). */
    void beforeRun();

    /** After every measured run (not measured). */
    void afterRun();

    /** Sentences about the machine during the study (load, swapping, throttling). */
    List<String> warnings();

    MachineHooks NONE = new MachineHooks() {
        @Override
        public void beforeRun() {}

        @Override
        public void afterRun() {}

        @Override
        public List<String> warnings() {
            return List.of();
        }
    };
}

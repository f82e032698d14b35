package dev.overhead.run;

import dev.overhead.model.RunOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** Decides the order of variants within each round. */
public final class Scheduler {
    private final RunOrder order;
    private final Random random;

    public Scheduler(RunOrder order, long seed) {
        this.order = order;
        this.random = new Random(seed);
    }

    /**
     * Passes over the first {@code rounds} rounds without running them, so that round r gets the
     * same order whether the study ran straight through or was interrupted and resumed before it.
     */
    void skip(int rounds, int variants) {
        for (int r = 0; r < rounds; r++) {
            nextRound(variants);
        }
    }

    /** The variant indices in the order they run in the next round. */
    public List<Integer> nextRound(int variants) {
        List<Integer> indices = new ArrayList<>();
        for (int i = 0; i < variants; i++) {
            indices.add(i);
        }
        if (order == RunOrder.RANDOMIZED) {
            Collections.shuffle(indices, random);
        }
        return indices;
    }
}

package dev.overhead.study;

import dev.overhead.plan.PlanException;
import dev.overhead.plan.PlanReader;
import dev.overhead.plan.StudyPlan;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a plan, turning every fault into the one sentence the plan reader wrote. */
public final class PlanReading {
    private PlanReading() {}

    public static StudyPlan read(Path plan) {
        if (!Files.isReadable(plan)) {
            throw new UserError(1, "the plan " + plan + " cannot be read: check the path");
        }
        try {
            return PlanReader.read(plan, LivePresets::presets);
        } catch (PlanException | IllegalArgumentException e) {
            throw new UserError(2, e.getMessage(), e);
        }
    }
}

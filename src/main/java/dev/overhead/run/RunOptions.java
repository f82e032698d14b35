package dev.overhead.run;

import dev.overhead.exec.OutputPolicy;
import dev.overhead.plan.RunOrder;
import dev.overhead.stats.CompareOptions;
import java.time.Duration;
import java.util.List;

/**
 * How a study is run.
 *
 * @param runs          exactly this many measured runs per variant, or null for adaptive stopping
 * @param minRuns       adaptive stopping: never fewer
 * @param maxRuns       adaptive stopping: never more
 * @param timeBudget    stop adding rounds after this long; null for none
 * @param prepare       shell command before every run, not measured; null for none
 * @param primary       the metric adaptive stopping and the headline use
 * @param baseline      the variant the others are compared with; null for the first
 * @param seed          seeds the randomized order, so a study's order can be reproduced
 * @param counters      count each run's instructions and cycles where the CPU exposes them
 */
public record RunOptions(
        Integer runs,
        int minRuns,
        int maxRuns,
        int warmup,
        Duration timeBudget,
        RunOrder order,
        String prepare,
        Duration timeout,
        boolean ignoreFailure,
        String primary,
        String baseline,
        CompareOptions compare,
        OutputPolicy output,
        long seed,
        List<Integer> cpus,
        Integer nice,
        boolean noAslr,
        boolean dropCaches,
        boolean counters) {

    public RunOptions {
        cpus = List.copyOf(cpus);
    }

    /** Options without counters. */
    public RunOptions(
            Integer runs,
            int minRuns,
            int maxRuns,
            int warmup,
            Duration timeBudget,
            RunOrder order,
            String prepare,
            Duration timeout,
            boolean ignoreFailure,
            String primary,
            String baseline,
            CompareOptions compare,
            OutputPolicy output,
            long seed,
            List<Integer> cpus,
            Integer nice,
            boolean noAslr,
            boolean dropCaches) {
        this(
                runs,
                minRuns,
                maxRuns,
                warmup,
                timeBudget,
                order,
                prepare,
                timeout,
                ignoreFailure,
                primary,
                baseline,
                compare,
                output,
                seed,
                cpus,
                nice,
                noAslr,
                dropCaches,
                false);
    }

    public boolean adaptive() {
        return runs == null;
    }

    /** The most runs per variant this study may take. */
    public int plannedMax() {
        return runs != null ? runs : maxRuns;
    }
}

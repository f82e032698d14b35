package dev.overhead.model;

import dev.overhead.stats.CompareOptions;
import java.time.Duration;
import java.util.List;

/**
 * How a study was asked to run and be judged: what {@code run} builds from its flags and plan, what
 * the store keeps ({@link StudySettingsCodec} is its one stored and reported form), and what
 * {@code resume}, {@code report}, {@code show}, {@code compare} and {@code import} read back. The
 * defaults live here and nowhere else ({@link #DEFAULTS}).
 *
 * @param stopping      a fixed number of runs, adaptive bounds, or unknown (another tool's file)
 * @param warmup        runs per variant before measuring, not recorded
 * @param timeBudget    stop adding rounds after this long; null for none
 * @param order         how runs are ordered across variants
 * @param prepare       shell command before every run, not measured; null for none
 * @param timeout       a run that takes longer is killed; null for none
 * @param ignoreFailure keep going when a run exits non-zero
 * @param primary       the metric adaptive stopping and the headline use
 * @param baseline      the variant the others are compared with; null for the first
 * @param compare       the confidence level and equivalence margin of the verdicts
 * @param seed          seeds the randomized order, so that it can be reproduced; null where none
 *                      was recorded (another tool's file)
 * @param cpus          the CPUs runs are pinned to; empty for no pinning
 * @param nice          the niceness runs get; null to leave it
 * @param noAslr        runs without address-space randomisation
 * @param dropCaches    the page cache is dropped before every run
 * @param counters      count each run's instructions and cycles where the CPU exposes them
 * @param randomizeLayout vary the environment padding from round to round (--randomize-layout)
 *                      instead of padding every variant's environment to one fixed size
 * @param source        the tool whose file the study was read from ("hyperfine", "csv", ...); null
 *                      when overhead ran it
 * @param sources       the files or studies merged into this one (compare); empty when not merged
 * @param levels        the outer levels the variants are repeated over (builds, boots); {@link
 *                      Levels#NONE} for none
 */
public record StudySettings(
        Stopping stopping,
        int warmup,
        Duration timeBudget,
        RunOrder order,
        String prepare,
        Duration timeout,
        boolean ignoreFailure,
        String primary,
        String baseline,
        CompareOptions compare,
        Long seed,
        List<Integer> cpus,
        Integer nice,
        boolean noAslr,
        boolean dropCaches,
        boolean counters,
        boolean randomizeLayout,
        String source,
        List<String> sources,
        Levels levels) {

    /** At least this many runs per variant when stopping adaptively ({@code --min-runs}). */
    public static final int MIN_RUNS = 5;

    /** At most this many runs per variant when stopping adaptively ({@code --max-runs}). */
    public static final int MAX_RUNS = 50;

    /**
     * The precision an adaptive study waits for when none is asked for ({@code --precision}; issue
     * 28.5): the threshold. An {@code equivalent} verdict needs an interval narrower than ±threshold
     * anyway, so A/A studies stop as before; a {@code worse} or {@code better} one is then reported
     * from an interval as narrow, which keeps the change at the stop from being inflated by stopping
     * the moment the interval cleared 0 (docs/statistics.md §4c). None where the threshold is 0.
     */
    public static Double defaultPrecision(double thresholdPct) {
        return thresholdPct > 0 ? thresholdPct : null;
    }

    /**
     * With the default precision, an interval also counts as precise when its half-width is at most
     * this share of the change (a +100% cost need not wait for ±1%): a stop then needs the estimate
     * at least 1/share of the way past the boundary, so stopping cannot inflate it by more than a few
     * percent of itself (docs/statistics.md §4c).
     */
    public static final double PRECISION_SHARE = 0.25;

    /** Adaptive stopping between these bounds with the default precision for this threshold. */
    public static Stopping.Adaptive adaptiveByDefault(int minRuns, int maxRuns, double thresholdPct) {
        Double pct = defaultPrecision(thresholdPct);
        return new Stopping.Adaptive(
                minRuns, maxRuns, LookSchedule.DOUBLING, pct, pct == null ? null : PRECISION_SHARE);
    }

    /** The share of the change an interval's half-width may also reach to count as precise; null: none. */
    public Double precisionShare() {
        return stopping instanceof Stopping.Adaptive a ? a.precisionShare() : null;
    }

    /** The metric adaptive stopping and the headline use when none is named ({@code --primary}). */
    public static final String PRIMARY = "wall";

    /** Every setting as it is when nothing says otherwise (docs/cli.md). */
    public static final StudySettings DEFAULTS = new StudySettings(
            adaptiveByDefault(MIN_RUNS, MAX_RUNS, CompareOptions.DEFAULT.thresholdPct()),
            0,
            null,
            RunOrder.RANDOMIZED,
            null,
            null,
            false,
            PRIMARY,
            null,
            CompareOptions.DEFAULT,
            null,
            List.of(),
            null,
            false,
            false,
            false,
            false,
            null,
            List.of(),
            Levels.NONE);

    public StudySettings {
        java.util.Objects.requireNonNull(stopping, "stopping");
        java.util.Objects.requireNonNull(order, "order");
        java.util.Objects.requireNonNull(primary, "primary");
        java.util.Objects.requireNonNull(compare, "compare");
        cpus = List.copyOf(cpus);
        sources = List.copyOf(sources);
        levels = levels == null ? Levels.NONE : levels;
    }

    /** The settings of a study read from another tool's file: the defaults, and where it came from. */
    public static StudySettings readFrom(String source) {
        return DEFAULTS.toBuilder()
                .stopping(new Stopping.Unknown())
                .source(source)
                .build();
    }

    /** The settings of several files or studies merged into one (compare). */
    public static StudySettings merged(List<String> sources) {
        return DEFAULTS.toBuilder()
                .stopping(new Stopping.Unknown())
                .sources(sources)
                .build();
    }

    /** These settings with another seed (a study that recorded none gets one when resumed). */
    public StudySettings withSeed(long newSeed) {
        return toBuilder().seed(newSeed).build();
    }

    /** A builder that starts from these settings: {@code DEFAULTS.toBuilder().warmup(1).build()}. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** True when the study stops adding rounds once every verdict is decisive. */
    public boolean adaptive() {
        return stopping instanceof Stopping.Adaptive;
    }

    /** The exact number of runs per variant, or null when the study does not fix one. */
    public Integer runs() {
        return stopping instanceof Stopping.Fixed f ? f.runs() : null;
    }

    /** How wide (± percentage points) every primary interval must be before adaptive stopping ends; null: any. */
    public Double precisionPct() {
        return stopping instanceof Stopping.Adaptive a ? a.precisionPct() : null;
    }

    /** Adaptive stopping's lower bound; a fixed study's count; the default otherwise. */
    public int minRuns() {
        return switch (stopping) {
            case Stopping.Fixed f -> f.runs();
            case Stopping.Adaptive a -> a.minRuns();
            case Stopping.Unknown u -> MIN_RUNS;
        };
    }

    /** The most runs per variant this study may take. */
    public int plannedMax() {
        return switch (stopping) {
            case Stopping.Fixed f -> f.runs();
            case Stopping.Adaptive a -> a.maxRuns();
            case Stopping.Unknown u -> MAX_RUNS;
        };
    }

    /** Settings that differ from others in a few fields; unset fields keep the values it started from. */
    public static final class Builder {
        private Stopping stopping;
        private int warmup;
        private Duration timeBudget;
        private RunOrder order;
        private String prepare;
        private Duration timeout;
        private boolean ignoreFailure;
        private String primary;
        private String baseline;
        private CompareOptions compare;
        private Long seed;
        private List<Integer> cpus;
        private Integer nice;
        private boolean noAslr;
        private boolean dropCaches;
        private boolean counters;
        private boolean randomizeLayout;
        private String source;
        private List<String> sources;
        private Levels levels;

        private Builder(StudySettings s) {
            stopping = s.stopping;
            warmup = s.warmup;
            timeBudget = s.timeBudget;
            order = s.order;
            prepare = s.prepare;
            timeout = s.timeout;
            ignoreFailure = s.ignoreFailure;
            primary = s.primary;
            baseline = s.baseline;
            compare = s.compare;
            seed = s.seed;
            cpus = s.cpus;
            nice = s.nice;
            noAslr = s.noAslr;
            dropCaches = s.dropCaches;
            counters = s.counters;
            randomizeLayout = s.randomizeLayout;
            source = s.source;
            sources = s.sources;
            levels = s.levels;
        }

        public Builder stopping(Stopping value) {
            stopping = value;
            return this;
        }

        public Builder warmup(int value) {
            warmup = value;
            return this;
        }

        public Builder timeBudget(Duration value) {
            timeBudget = value;
            return this;
        }

        public Builder order(RunOrder value) {
            order = value;
            return this;
        }

        public Builder prepare(String value) {
            prepare = value;
            return this;
        }

        public Builder timeout(Duration value) {
            timeout = value;
            return this;
        }

        public Builder ignoreFailure(boolean value) {
            ignoreFailure = value;
            return this;
        }

        public Builder primary(String value) {
            primary = value;
            return this;
        }

        public Builder baseline(String value) {
            baseline = value;
            return this;
        }

        public Builder compare(CompareOptions value) {
            compare = value;
            return this;
        }

        public Builder seed(Long value) {
            seed = value;
            return this;
        }

        public Builder cpus(List<Integer> value) {
            cpus = value;
            return this;
        }

        public Builder nice(Integer value) {
            nice = value;
            return this;
        }

        public Builder noAslr(boolean value) {
            noAslr = value;
            return this;
        }

        public Builder dropCaches(boolean value) {
            dropCaches = value;
            return this;
        }

        public Builder counters(boolean value) {
            counters = value;
            return this;
        }

        public Builder randomizeLayout(boolean value) {
            randomizeLayout = value;
            return this;
        }

        public Builder source(String value) {
            source = value;
            return this;
        }

        public Builder sources(List<String> value) {
            sources = value;
            return this;
        }

        public Builder levels(Levels value) {
            levels = value;
            return this;
        }

        public StudySettings build() {
            return new StudySettings(
                    stopping,
                    warmup,
                    timeBudget,
                    order,
                    prepare,
                    timeout,
                    ignoreFailure,
                    primary,
                    baseline,
                    compare,
                    seed,
                    cpus,
                    nice,
                    noAslr,
                    dropCaches,
                    counters,
                    randomizeLayout,
                    source,
                    sources,
                    levels);
        }
    }
}

package dev.overhead.model;

import dev.overhead.stats.Comparison;

/**
 * One tested commit of a bisection: the build of that commit measured against the good revision's
 * build, interleaved, as one stored study.
 *
 * @param number     1-based, in the order the steps were taken
 * @param commit     the full hash of the tested commit
 * @param subject    the first line of its message
 * @param position   1-based place of the commit after the good revision (the bad revision is last)
 * @param studyId    the stored study of this step; null where nothing was measured (a failed build)
 * @param mark       what the step decided
 * @param comparison the primary metric's comparison, tested against good; null where nothing was measured
 * @param note       why a step was skipped, or that it was taken from an earlier bisection; null if
 *                   there is nothing to say
 */
public record BisectStep(
        int number,
        String commit,
        String subject,
        int position,
        String studyId,
        Mark mark,
        Comparison comparison,
        String note) {

    /** What a step says of its commit, as {@code git bisect} would be told. */
    public enum Mark {
        GOOD,
        BAD,
        SKIP;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}

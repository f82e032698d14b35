package dev.overhead.bisect;

import dev.overhead.model.BisectResult;
import dev.overhead.model.BisectStep;
import dev.overhead.model.BisectStep.Mark;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Verdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The bisection loop: builds the good revision once, then at each step exports and builds the
 * commit {@link Bisection} picks, has it measured against the good build (never against a number
 * from an earlier step, so drift over a long bisection cannot move the answer), and marks it.
 *
 * <p>The bad revision is measured first and marked by the verdict: {@code worse} confirms it (else
 * there is no cost to look for). Every later commit is marked by where its figure lies between the
 * two known ends (docs/why-and-bisect.md, "Like good or like bad"): the good build is 0% and the bad
 * one its measured change D, so the midpoint on the ratio scale is M = sqrt(1 + D) - 1; a commit
 * whose whole interval lies below M is like good, above M like bad, and one whose interval still
 * holds M after the whole budget of runs is skipped, as {@code git bisect skip} does. Each step
 * stops adaptively as soon as its interval leaves M (its threshold is M, so "equivalent within
 * +-M" or "better" is below it). Asking for equivalence within the user's 1% instead could not
 * show a commit that only changes a comment to be like good under 20% noise (docs/why-and-bisect.md).
 */
public final class Bisector {

    /** Measures one step; the caller owns the store, the executor and Ctrl-C. */
    public interface Steps {
        /**
         * @param first     true for the first step: a command that cannot run there is an error, not a skip
         * @param threshold the equivalence margin of this step in percent, or null for the user's (the bad
         *                  revision's step); later steps get the midpoint between the two ends
         */
        Measurement measure(
                String label,
                String goodName,
                Path goodDir,
                String testName,
                Path testDir,
                boolean first,
                Double threshold);

        /** Gives Ctrl-C to {@code cancel} (a build in flight); false when a signal came already. */
        boolean handOver(Runnable cancel);

        /** True once Ctrl-C or a termination signal came. */
        boolean interrupted();
    }

    /**
     * What a step measured.
     *
     * @param studyId    the stored study (null: none)
     * @param comparison the primary comparison of the tested build against the good one (null: none)
     * @param failure    why nothing could be judged (a run failed), else null
     * @param reused     taken from an earlier bisection's complete study
     */
    public record Measurement(
            String studyId, Comparison comparison, boolean interrupted, String failure, boolean reused) {}

    /** What the user asked for, as the result reports it. */
    public record Request(
            String goodRev,
            String badRev,
            String build,
            String command,
            String metric,
            double thresholdPct,
            double confidence,
            int maxRuns) {}

    /**
     * The label a step's study is stored under: what it measures and how it is judged, so that two
     * bisections of one range with another threshold (or metric, or confidence) store their steps
     * apart, and the same bisection run again finds its steps to reuse:
     * {@code bisect 1a2b3c4..5d6e7f8: 9a8b7c6 (wall, threshold 20%, confidence 95%)}.
     */
    public static String label(String what, String metric, double thresholdPct, double confidence) {
        return what + " (" + metric + ", threshold " + plain(thresholdPct) + "%, confidence " + plain(confidence * 100)
                + "%)";
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private final Git git;
    private final Builds builds;
    private final Steps steps;
    private final PrintWriter err;

    public Bisector(Git git, Builds builds, Steps steps, PrintWriter err) {
        this.git = git;
        this.builds = builds;
        this.steps = steps;
        this.err = err;
    }

    /** The commits good..bad, checked before anything is built. */
    public static List<Git.Commit> range(Git git, String good, String bad) {
        if (good.equals(bad)) {
            throw new Git.GitException(
                    "--good and --bad name the same commit; give a bad revision after the good one.", null);
        }
        if (!git.isAncestor(good, bad)) {
            throw new Git.GitException(
                    "the good revision " + good.substring(0, 7) + " is not an ancestor of the bad" + " revision "
                            + bad.substring(0, 7) + "; give a --good that comes before --bad in history.",
                    null);
        }
        List<Git.Commit> commits = git.range(good, bad);
        if (commits.isEmpty() || !commits.getLast().hash().equals(bad)) {
            throw new Git.GitException(
                    "no first-parent path leads from " + good.substring(0, 7) + " to " + bad.substring(0, 7)
                            + "; give a --good on the bad revision's first-parent history.",
                    null);
        }
        return commits;
    }

    public BisectResult run(Request request, String good, String bad, List<Git.Commit> commits) {
        Bisection bisection = new Bisection(commits.size());
        List<BisectStep> taken = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String rangeName = good.substring(0, 7) + ".." + bad.substring(0, 7);
        say("building the good revision " + good.substring(0, 7));
        if (!steps.handOver(builds::cancel) || steps.interrupted()) {
            // the signal came before the cancel was handed over (right after the line above, say): nothing
            // would end the build, which would then run to its end before the bisection noticed
            return result(request, good, bad, commits, taken, new BisectResult.Interrupted(), warnings);
        }
        Path goodDir = builds.checkout(git, "good", good);
        if (request.build() != null) {
            Builds.Built built = builds.build(goodDir, request.build());
            if (steps.interrupted()) {
                return result(request, good, bad, commits, taken, new BisectResult.Interrupted(), warnings);
            }
            if (!built.ok()) {
                throw new Git.GitException(
                        "the build of the good revision " + good.substring(0, 7) + " " + built.message()
                                + "; fix --build (it runs in a fresh copy of the revision) and try again.",
                        null);
            }
        }
        String goodName = "good-" + good.substring(0, 7);
        Double midpoint = null; // known once the bad revision is measured bad
        OptionalInt next;
        while ((next = bisection.next()).isPresent()) {
            if (steps.interrupted()) {
                return result(request, good, bad, commits, taken, new BisectResult.Interrupted(), warnings);
            }
            int position = next.getAsInt();
            Git.Commit commit = commits.get(position - 1);
            int number = taken.size() + 1;
            say("step " + number + ": " + commit.shortHash() + " (" + position + " of " + commits.size() + ", about "
                    + bisection.stepsLeft() + (bisection.stepsLeft() == 1 ? " step" : " steps") + " left) "
                    + commit.subject());
            BisectStep step =
                    step(request, number, position, commit, goodName, goodDir, rangeName, taken.isEmpty(), midpoint);
            if (step == null) {
                return result(request, good, bad, commits, taken, new BisectResult.Interrupted(), warnings);
            }
            taken.add(step);
            if (position == commits.size()
                    && step.mark() == Mark.BAD
                    && midpointPct(step.comparison().changePct()) > 0) {
                midpoint = midpointPct(step.comparison().changePct());
                say(String.format(
                        Locale.ROOT,
                        "the bad revision costs %+.1f%%: a commit is like bad where its interval lies above %+.1f%%,"
                                + " the midpoint between the two ends, and like good where it lies below",
                        step.comparison().changePct(),
                        midpoint));
            }
            bisection.mark(position, step.mark());
            say(describe(step));
        }
        return result(request, good, bad, commits, taken, end(bisection, commits, taken), warnings);
    }

    /** One step, or null when Ctrl-C ended it. */
    private BisectStep step(
            Request request,
            int number,
            int position,
            Git.Commit commit,
            String goodName,
            Path goodDir,
            String rangeName,
            boolean first,
            Double midpoint) {
        if (!steps.handOver(builds::cancel) || steps.interrupted()) {
            return null; // the signal came while nothing could be handed it: start no build
        }
        Path dir = builds.checkout(git, "test", commit.hash());
        try {
            if (steps.interrupted()) {
                return null;
            }
            if (request.build() != null) {
                Builds.Built built = builds.build(dir, request.build());
                if (steps.interrupted()) {
                    return null;
                }
                if (!built.ok()) {
                    return new BisectStep(
                            number,
                            commit.hash(),
                            commit.subject(),
                            position,
                            null,
                            Mark.SKIP,
                            null,
                            "the build " + built.message() + "; skipped");
                }
            }
            String testName = "test-" + commit.shortHash();
            Measurement m = steps.measure(
                    label(
                            "bisect " + rangeName + ": " + commit.shortHash(),
                            request.metric(),
                            request.thresholdPct(),
                            request.confidence()),
                    goodName,
                    goodDir,
                    testName,
                    dir,
                    first,
                    midpoint);
            if (m.interrupted()) {
                return null;
            }
            if (m.failure() != null) {
                return new BisectStep(
                        number,
                        commit.hash(),
                        commit.subject(),
                        position,
                        m.studyId(),
                        Mark.SKIP,
                        null,
                        m.failure() + " Skipped.");
            }
            Mark mark = midpoint == null ? mark(m.comparison()) : mark(m.comparison(), midpoint);
            String note =
                    m.reused() ? "taken from study " + m.studyId() + ", which an earlier bisection measured" : null;
            if (mark == Mark.SKIP) {
                note = (note == null ? "" : note + "; ")
                        + (midpoint == null
                                ? "still inconclusive after "
                                : String.format(
                                        Locale.ROOT, "its interval still holds the midpoint %+.1f%% after ", midpoint))
                        + runs(m.comparison())
                        + " runs per build, the budget; skipped, as git bisect skip"
                        + (m.comparison() != null && m.comparison().runsNeeded() != null
                                ? " (about " + m.comparison().runsNeeded() + " runs per build would settle it)"
                                : "");
            }
            return new BisectStep(
                    number, commit.hash(), commit.subject(), position, m.studyId(), mark, m.comparison(), note);
        } finally {
            builds.remove(dir);
        }
    }

    /** The verdict decides: worse is bad, equivalent or better is good, inconclusive (or nothing) is a skip. */
    static Mark mark(Comparison c) {
        if (c == null) {
            return Mark.SKIP;
        }
        return switch (c.verdict()) {
            case WORSE -> Mark.BAD;
            case EQUIVALENT, BETTER -> Mark.GOOD;
            case INCONCLUSIVE -> Mark.SKIP;
        };
    }

    /**
     * Like good or like bad: where a commit's interval lies against the midpoint between the two ends
     * (in percent of the good build's figure); an interval that holds it is a skip.
     */
    static Mark mark(Comparison c, double midpointPct) {
        if (c == null || Double.isNaN(c.ciLowPct()) || Double.isNaN(c.ciHighPct())) {
            return Mark.SKIP;
        }
        if (c.ciHighPct() < midpointPct) {
            return Mark.GOOD;
        }
        return c.ciLowPct() > midpointPct ? Mark.BAD : Mark.SKIP;
    }

    /**
     * The midpoint between the good end (0%) and the bad end ({@code badPct}) on the ratio scale, where
     * the costs of a build multiply: sqrt(1 + D) - 1, +64.3% for a bad end of x2.7 (+170%).
     */
    static double midpointPct(double badPct) {
        return BisectResult.midpointPct(badPct);
    }

    static BisectResult.End end(Bisection b, List<Git.Commit> commits, List<BisectStep> taken) {
        if (!b.badConfirmed()) {
            BisectStep last = taken.stream()
                    .filter(s -> s.position() == commits.size())
                    .findFirst()
                    .orElseThrow();
            Comparison c = last.comparison();
            return new BisectResult.NotWorse(
                    c == null ? Verdict.INCONCLUSIVE : c.verdict(), c == null ? null : c.runsNeeded());
        }
        List<Integer> skipped = b.skippedInRange();
        int firstBad = b.firstBad();
        Git.Commit found = commits.get(firstBad - 1);
        if (skipped.isEmpty()) {
            return new BisectResult.Found(found.hash(), found.subject(), firstBad);
        }
        List<String> candidates = new ArrayList<>();
        skipped.forEach(p -> candidates.add(commits.get(p - 1).hash()));
        candidates.add(found.hash());
        Integer needed = taken.stream()
                .filter(s -> skipped.contains(s.position()) && s.comparison() != null)
                .map(s -> s.comparison().runsNeeded())
                .filter(java.util.Objects::nonNull)
                .max(Integer::compare)
                .orElse(null);
        return new BisectResult.Candidates(candidates, needed);
    }

    private static BisectResult result(
            Request r,
            String good,
            String bad,
            List<Git.Commit> commits,
            List<BisectStep> taken,
            BisectResult.End end,
            List<String> warnings) {
        return new BisectResult(
                good,
                bad,
                commits.size(),
                r.command(),
                r.build(),
                r.metric(),
                r.thresholdPct(),
                r.confidence(),
                r.maxRuns(),
                taken,
                end,
                warnings);
    }

    private static int runs(Comparison c) {
        return c == null ? 0 : Math.min(c.nBaseline(), c.nCandidate());
    }

    private static String describe(BisectStep s) {
        Comparison c = s.comparison();
        String figures = c == null
                ? ""
                : String.format(
                        Locale.ROOT,
                        ": %+.1f%% [%+.1f, %+.1f], %s after %d runs per build",
                        c.changePct(),
                        c.ciLowPct(),
                        c.ciHighPct(),
                        c.verdict().word(),
                        runs(c));
        return "  " + s.commit().substring(0, 7) + " is "
                + (s.mark() == Mark.SKIP ? "skipped" : s.mark().word()) + figures
                + (s.note() == null ? "" : " (" + s.note() + ")");
    }

    private void say(String line) {
        err.println("overhead bisect: " + line);
        err.flush();
    }
}

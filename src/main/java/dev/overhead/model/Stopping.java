package dev.overhead.model;

/**
 * How a study decides it has enough runs: a fixed number, adaptively between two bounds, or not
 * known (the study was read from another tool's file). Which comparison a study gets follows from
 * this, in one place: {@code analysis.Judge}.
 */
public sealed interface Stopping {

    /** Exactly {@code runs} measured runs per variant ({@code --runs}). */
    record Fixed(int runs) implements Stopping {}

    /** Rounds until every verdict is decisive, at least {@code minRuns} and at most {@code maxRuns}. */
    record Adaptive(int minRuns, int maxRuns) implements Stopping {}

    /** Another tool ran the study: how it stopped is not known, so it is judged as a fixed one. */
    record Unknown() implements Stopping {}
}

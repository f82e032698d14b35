package dev.overhead.stats;

import java.util.Arrays;

/**
 * One side of a comparison: the values of one metric in run order and, where the runs ran in
 * rounds, the round of each value (so runs of the same round can be paired). A round below 0 is
 * unknown (imported runs) and never pairs.
 *
 * @param values the metric's values, in run order
 * @param rounds the round of each value, same length; null where rounds do not exist or must not
 *               be trusted (a study merged from several files numbered its rounds from 0 each)
 */
public record Sample(double[] values, int[] rounds) {
    public Sample {
        values = values.clone();
        if (rounds != null) {
            if (rounds.length != values.length) {
                throw new IllegalArgumentException(
                        rounds.length + " rounds for " + values.length + " values: one round per value");
            }
            rounds = rounds.clone();
        }
    }

    /** Values without rounds: never paired. */
    public static Sample of(double... values) {
        return new Sample(values, null);
    }

    public int size() {
        return values.length;
    }

    @Override
    public double[] values() {
        return values.clone();
    }

    @Override
    public int[] rounds() {
        return rounds == null ? null : rounds.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sample s && Arrays.equals(values, s.values) && Arrays.equals(rounds, s.rounds);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(values) + Arrays.hashCode(rounds);
    }

    @Override
    public String toString() {
        return "Sample" + Arrays.toString(values) + (rounds == null ? "" : " in rounds " + Arrays.toString(rounds));
    }
}

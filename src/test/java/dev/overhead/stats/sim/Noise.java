package dev.overhead.stats.sim;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/** Timing noise shapes for the simulation, all multiplicative around 1. */
sealed interface Noise {
    String label();

    double draw(UniformRandomProvider rng);

    /** exp(N(0, σ)): the well-behaved case. */
    record LogNormal(double sigma) implements Noise {
        public String label() {
            return "lognormal " + Math.round(sigma * 100) + "%";
        }

        public double draw(UniformRandomProvider rng) {
            return Math.exp(sigma * ZigguratSampler.NormalizedGaussian.of(rng).sample());
        }
    }

    /** lognormal 2%, and in 10% of runs a spike that adds an exponential 20% on average. */
    record Spikes() implements Noise {
        public String label() {
            return "spikes 2% + 10%×Exp(20%)";
        }

        public double draw(UniformRandomProvider rng) {
            double x =
                    Math.exp(0.02 * ZigguratSampler.NormalizedGaussian.of(rng).sample());
            return rng.nextDouble() < 0.1
                    ? x * (1 + 0.2 * ZigguratSampler.Exponential.of(rng).sample())
                    : x;
        }
    }

    /** lognormal 2% with 30% of runs in a second mode 8% slower (cache or frequency states). */
    record Bimodal() implements Noise {
        public String label() {
            return "bimodal 2%, 30% at +8%";
        }

        public double draw(UniformRandomProvider rng) {
            double x =
                    Math.exp(0.02 * ZigguratSampler.NormalizedGaussian.of(rng).sample());
            return rng.nextDouble() < 0.3 ? x * 1.08 : x;
        }
    }
}

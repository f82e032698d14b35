package dev.overhead.stats.sim;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * The machine's speed over a study run in rounds, multiplicative around 1, times per-run noise.
 * Both variants of a round run back to back in random order (as overhead's run loop does), so a
 * slow drift hits them alike; a shape without drift checks what pairing costs when rounds share
 * nothing.
 *
 * @param walkStep    σ of a Gaussian random-walk step of log speed per run (0: none)
 * @param sineAmp     amplitude of a sinusoidal drift of log speed, random phase (0: none)
 * @param sinePeriod  its period in runs
 * @param roundSigma  σ of a log-normal factor drawn per round and shared by its runs (0: none)
 * @param perRun      the independent noise of every run
 */
record Drift(String label, double walkStep, double sineAmp, double sinePeriod, double roundSigma, Noise perRun) {

    /** Values of {@code rounds} rounds: [0] baseline, [1] candidate (slower by {@code cost}). */
    double[][] draw(int rounds, double cost, UniformRandomProvider rng) {
        var gauss = ZigguratSampler.NormalizedGaussian.of(rng);
        double[] b = new double[rounds];
        double[] c = new double[rounds];
        double walk = 0;
        double phase = rng.nextDouble() * 2 * Math.PI;
        int t = 0;
        for (int r = 0; r < rounds; r++) {
            double shared = roundSigma * gauss.sample();
            boolean baselineFirst = rng.nextBoolean();
            for (int k = 0; k < 2; k++) {
                walk += walkStep * gauss.sample();
                double sine = sineAmp * Math.sin(phase + 2 * Math.PI * t / sinePeriod);
                double value = Math.exp(walk + sine + shared) * perRun.draw(rng);
                t++;
                if ((k == 0) == baselineFirst) {
                    b[r] = value;
                } else {
                    c[r] = value * (1 + cost);
                }
            }
        }
        return new double[][] {b, c};
    }
}

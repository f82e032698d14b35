package dev.overhead.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The pooled change over machines and their disagreement, pinned to scipy 1.10.1. */
class MachinePoolingTest {
    /*
     * /usr/bin/python3 -c '
     * import numpy as np; from scipy import stats
     * ch=np.array([12.8,1.1,-3.0]); lo=np.array([4.0,-15.5,-6.0]); hi=np.array([33.7,18.0,0.2])
     * y=np.log1p(ch/100); k=len(y); m=y.mean(); sd=y.std(ddof=1); h=stats.t.ppf(0.975,k-1)*sd/np.sqrt(k)
     * print(np.expm1(m)*100, np.expm1(m-h)*100, np.expm1(m+h)*100, np.expm1(sd)*100)
     * z=stats.norm.ppf(0.975); se=(np.log1p(hi/100)-np.log1p(lo/100))/(2*z); w=1/se**2
     * f=(w*y).sum()/w.sum(); q=(w*(y-f)**2).sum(); print(q, (q-(k-1))/q)'
     * -> 3.4214597039520456 -14.78998728452518 25.525134739871923 8.109253931082325
     *    5.34669149380402 0.6259368990491245
     */
    @Test
    void threeMachinesPoolToTheScipyFigures() {
        var p = MachinePooling.pool(
                new double[] {12.8, 1.1, -3.0},
                new double[] {4.0, -15.5, -6.0},
                new double[] {33.7, 18.0, 0.2},
                0.95,
                1.0,
                Direction.LOWER);
        assertThat(p.machines()).isEqualTo(3);
        assertThat(p.changePct()).isCloseTo(3.4214597039520456, within(1e-9));
        assertThat(p.ciLowPct()).isCloseTo(-14.78998728452518, within(1e-9));
        assertThat(p.ciHighPct()).isCloseTo(25.525134739871923, within(1e-9));
        assertThat(p.betweenSdPct()).isCloseTo(8.109253931082325, within(1e-9));
        assertThat(p.iSquared()).isCloseTo(0.6259368990491245, within(1e-9));
        assertThat(p.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void machinesThatAllSeeTheSameCostGiveADecisiveVerdictAndNoDisagreement() {
        var p = MachinePooling.pool(
                new double[] {10.0, 10.5, 9.8, 10.2},
                new double[] {8.0, 8.5, 7.8, 8.2},
                new double[] {12.0, 12.5, 11.8, 12.2},
                0.95,
                1.0,
                Direction.LOWER);
        assertThat(p.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(p.ciLowPct()).isGreaterThan(9).isLessThan(10.1);
        assertThat(p.iSquared()).isZero();
        assertThat(MachinePooling.pool(
                                new double[] {10.0, 10.5, 9.8, 10.2},
                                new double[] {8.0, 8.5, 7.8, 8.2},
                                new double[] {12.0, 12.5, 11.8, 12.2},
                                0.95,
                                1.0,
                                Direction.HIGHER)
                        .verdict())
                .isEqualTo(Verdict.BETTER);
    }

    @Test
    void oneMachineHasNoPooledInterval() {
        var p = MachinePooling.pool(
                new double[] {5.0}, new double[] {1.0}, new double[] {9.0}, 0.95, 1.0, Direction.LOWER);
        assertThat(p.ciLowPct()).isNaN();
        assertThat(p.iSquared()).isNaN();
        assertThat(p.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }
}

package dev.overhead.verdicts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A history's change points land on the study where the new level starts, gaps and all. */
class HistoryTest {

    private static History.Point point(int i, Double change, Double halfWidth) {
        return new History.Point(
                "s" + i,
                null,
                "",
                "base",
                change,
                change == null || halfWidth == null ? null : change - halfWidth,
                change == null || halfWidth == null ? null : change + halfWidth,
                "worse",
                "");
    }

    @Test
    void aStudyWithoutAChangeIsSkippedAndTheStepStillNamesTheRightStudy() {
        double[] changes = {2.0, 2.2, 1.9, 2.1, 2.0, 10.1, 9.8, 10.0, 10.2, 9.9};
        List<History.Point> points = new ArrayList<>();
        for (int i = 0; i < changes.length; i++) {
            points.add(point(points.size(), changes[i], 1.0));
            if (i == 2) {
                points.add(point(points.size(), null, null)); // a study whose change is undefined (s3)
            }
        }
        List<History.Step> steps = History.steps(points);
        assertThat(steps).hasSize(1);
        assertThat(steps.get(0).study()).isEqualTo("s6");
        assertThat(steps.get(0).index()).isEqualTo(6);
        assertThat(steps.get(0).before()).isCloseTo(2.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(steps.get(0).after()).isCloseTo(10.0, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void aPointWithoutAnIntervalCountsWithTheMedianWeight() {
        List<History.Point> points = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            points.add(point(i, i < 5 ? 0.0 + 0.1 * (i % 2) : 5.0 + 0.1 * (i % 2), i == 3 ? null : 0.5));
        }
        assertThat(History.steps(points)).extracting(History.Step::index).containsExactly(5);
    }

    @Test
    void aTwelvePointStepOverFourAndFourStudiesIsMarkedByTheStudiesIntervals() {
        // issue 31, case 4: +4% -> +16% on one machine, each study's interval +-4%; asv's fit on the
        // points alone finds no step here, the studies' intervals (IntervalSteps) do
        double[] changes = {0.5, 3.0, 5.0, 5.0, 15.5, 19.5, 17.0, 16.5};
        List<History.Point> points = new ArrayList<>();
        double[] y = new double[changes.length];
        double[] w = new double[changes.length];
        for (int i = 0; i < changes.length; i++) {
            points.add(point(i, changes[i], 4.0));
            y[i] = 1 + changes[i] / 100;
            w[i] = 1 / 0.08;
        }
        assertThat(dev.overhead.stats.ChangePoints.detect(y, w).steps())
                .as("asv's fit alone")
                .isEmpty();
        List<History.Step> steps = History.steps(points);
        assertThat(steps).extracting(History.Step::index).containsExactly(4);
        assertThat(steps.getFirst().study()).isEqualTo("s4");
        assertThat(steps.getFirst().before()).isBetween(2.5, 4.5); // the means of each side, 3.4 and 17.1
        assertThat(steps.getFirst().after()).isBetween(16.0, 18.0);
    }
}

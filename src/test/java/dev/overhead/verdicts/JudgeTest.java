package dev.overhead.verdicts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.LookSchedule;
import dev.overhead.model.Stopping;
import dev.overhead.model.StudySettings;
import dev.overhead.stats.Looks;
import dev.overhead.stats.SequentialPlan;
import org.junit.jupiter.api.Test;

/** The looks a study is judged with follow from its settings alone (resume and report rely on it). */
class JudgeTest {
    private static Judge judge(Stopping stopping) {
        return Judge.of(StudySettings.DEFAULTS.toBuilder().stopping(stopping).build());
    }

    @Test
    void anAdaptiveStudyLooksAtDoublingRunCounts() {
        Judge j = judge(new Stopping.Adaptive(5, 50));
        assertThat(j.looks()).isEqualTo(new SequentialPlan(5, 50));
        assertThat(((SequentialPlan) j.looks()).looks()).containsExactly(5, 10, 20, 40, 50);
        assertThat(j.looksAt(10)).isTrue();
        assertThat(j.looksAt(11)).isFalse();
    }

    @Test
    void aStudyStoredBeforeTheLooksWereSpacedIsJudgedAsItRan() {
        Judge j = judge(new Stopping.Adaptive(5, 50, LookSchedule.EVERY_ROUND, null));
        assertThat(j.looks()).isEqualTo(SequentialPlan.everyRound(5, 50));
        assertThat(j.looksAt(11)).isTrue();
    }

    @Test
    void aFixedStudyHasOneLookAndMayStopAnywhere() {
        Judge j = judge(new Stopping.Fixed(7));
        assertThat(j.looks()).isEqualTo(Looks.FIXED);
        assertThat(j.sequential()).isFalse();
        assertThat(j.looksAt(3)).isTrue();
    }
}

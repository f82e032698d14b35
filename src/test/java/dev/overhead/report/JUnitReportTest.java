package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.cli.JUnitSchema;
import dev.overhead.model.StudyResult;
import dev.overhead.verdicts.Gate;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 31 case 2: {@code --format junit} of a study (before: refused as an unknown format): one test case per
 * workload × candidate × metric shown, failed where the gate trips, valid against the schema Jenkins reads.
 */
class JUnitReportTest {
    @Test
    void aStudyIsOneTestCasePerWorkloadCandidateAndMetricShown() throws Exception {
        StudyResult study = Fixture.study();
        String xml = JUnitReport.study(study, RenderOptions.DEFAULT, List.of());
        JUnitSchema.validate(xml);
        Golden.check("junit.xml", xml);
        Shown shown = new Shown(study, RenderOptions.DEFAULT, StudyFacts.of(study));
        long expected = study.workloads().stream()
                .mapToLong(w -> study.comparisons().stream()
                        .filter(r -> !r.overall() && r.workload().equals(w.name()))
                        .filter(r -> shown.metrics(w).contains(r.metric()))
                        .count())
                .sum();
        assertThat(count(xml, "<testcase ")).isEqualTo(expected).isGreaterThan(1);
        long worse = study.comparisons().stream()
                .filter(r -> !r.overall())
                .filter(r -> r.comparison().verdict() == dev.overhead.stats.Verdict.WORSE)
                .filter(r -> study.workloads().stream()
                        .anyMatch(w -> w.name().equals(r.workload())
                                && shown.metrics(w).contains(r.metric())))
                .count();
        assertThat(count(xml, "<failure "))
                .as("without a gate, the worse verdicts fail")
                .isEqualTo(worse);
    }

    @Test
    void aGateFailsOnlyTheComparisonsWhoseIntervalLiesBeyondIt() throws Exception {
        StudyResult study = Fixture.study();
        String strict = JUnitReport.study(study, RenderOptions.DEFAULT, List.of(new Gate(null, 0.5)));
        String lax = JUnitReport.study(study, RenderOptions.DEFAULT, List.of(new Gate(null, 1000)));
        JUnitSchema.validate(strict);
        JUnitSchema.validate(lax);
        assertThat(count(lax, "<failure ")).isZero();
        assertThat(count(strict, "<failure ")).isPositive();
        assertThat(strict).contains("(--fail-if-worse)");
    }

    @Test
    void hostileNamesAreEscaped() throws Exception {
        String xml = JUnitReport.study(Fixture.hostile(), RenderOptions.DEFAULT, List.of());
        JUnitSchema.validate(xml);
    }

    private static long count(String text, String what) {
        return Pattern.compile(Pattern.quote(what)).matcher(text).results().count();
    }
}

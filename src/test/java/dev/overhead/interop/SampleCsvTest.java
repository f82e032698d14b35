package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.StudyResult;
import dev.overhead.stats.Direction;
import dev.overhead.verdicts.Analyzer;
import org.junit.jupiter.api.Test;

class SampleCsvTest {
    private static final String SEED = """
            workload,variant,metric,value,better,unit
            dbench,disabled,throughput,109.613,higher,MB/s
            dbench,disabled,throughput,108.351,higher,MB/s
            dbench,enabled,throughput,87.0504,higher,MB/s
            dbench,enabled,throughput,106.451,higher,MB/s
            kernel,disabled,wall,509.00912308693,,
            kernel,disabled,wall,501.88456201553,,
            kernel,enabled,wall,506.84527802467,,
            kernel,enabled,wall,504.29637002945,,
            """;

    @Test
    void builtInNamesMeanTheirFigureAndOthersKeepTheirDirection() {
        StudyResult study = SampleCsv.read(SEED, "seed.csv");
        assertThat(study.workloads()).hasSize(2);
        var dbench = study.workloads().get(0);
        MetricSpec throughput = dbench.workload().metrics().getFirst();
        assertThat(throughput.name()).isEqualTo("throughput");
        assertThat(throughput.better()).isEqualTo(Direction.HIGHER);
        assertThat(throughput.unit()).isEqualTo("MB/s");
        assertThat(dbench.variant("enabled").orElseThrow().values(throughput)).containsExactly(87.0504, 106.451);
        var kernel = study.workloads().get(1);
        assertThat(kernel.variant("disabled").orElseThrow().runs().get(0).wallS())
                .isEqualTo(509.00912308693);
        assertThat(kernel.workload().metrics()).extracting(MetricSpec::name).containsExactly("wall");
    }

    @Test
    void analysisComparesOnlyTheMetricsTheFileHas() {
        StudyResult study = SampleCsv.read(SEED, "seed.csv");
        assertThat(Analyzer.metricsOf(study.workloads().get(0)))
                .extracting(MetricSpec::name)
                .containsExactly("throughput");
        assertThat(Analyzer.metricsOf(study.workloads().get(1)))
                .extracting(MetricSpec::name)
                .containsExactly("wall");
    }

    @Test
    void aBuiltInThatDoesNotCoverEveryRunStaysMissingRatherThanZero() {
        String csv = """
                workload,variant,metric,value
                w,a,wall,1.0
                w,a,wall,1.1
                w,a,max_rss,2048
                """;
        var w = SampleCsv.read(csv, "x.csv").workloads().getFirst();
        MetricSpec rss = w.workload().metrics().stream()
                .filter(m -> m.name().equals("max_rss"))
                .findFirst()
                .orElseThrow();
        assertThat(rss.parsed()).isTrue();
        assertThat(w.variants().getFirst().values(rss)).containsExactly(2048.0);
    }

    @Test
    void aValueThatIsNotANumberIsRefusedWithFileAndLine() {
        String csv = "workload,variant,metric,value\n" + "w,a,wall,1\n".repeat(5) + "w,a,wall,abc\n";
        assertThatThrownBy(() -> SampleCsv.read(csv, "results.csv"))
                .isInstanceOf(FormatException.class)
                .hasMessage("results.csv line 7: 'abc' is not a finite number; fix or remove that line.");
    }

    @Test
    void aRowWithTooFewCellsOrABadDirectionIsRefusedWithItsLine() {
        assertThatThrownBy(() -> SampleCsv.read("workload,variant,metric,value\nw,a,wall\n", "r.csv"))
                .hasMessageStartingWith("r.csv line 2: expected 4 columns");
        assertThatThrownBy(() -> SampleCsv.read("workload,variant,metric,value,better\nw,a,x,1,up\n", "r.csv"))
                .hasMessage("r.csv line 2: 'up' is not a direction: use lower or higher.");
        assertThatThrownBy(() -> SampleCsv.read("workload,variant,value\n", "r.csv"))
                .hasMessageContaining("no 'metric' column");
    }

    @Test
    void directionAndUnitBelongToTheWorkloadAndMetricNotToTheMetricName() {
        // PTS names every result "value": dbench's MB/s is higher-is-better, a build's seconds lower
        String csv = """
                workload,variant,metric,value,better,unit
                dbench,a,value,100,higher,MB/s
                dbench,a,value,101,higher,MB/s
                dbench,b,value,90,higher,MB/s
                dbench,b,value,91,higher,MB/s
                build,a,value,500,lower,s
                build,a,value,501,lower,s
                build,b,value,550,lower,s
                build,b,value,551,lower,s
                """;
        StudyResult study = SampleCsv.read(csv, "pts.csv");
        MetricSpec dbench = study.workloads().get(0).workload().metrics().getFirst();
        MetricSpec build = study.workloads().get(1).workload().metrics().getFirst();
        assertThat(dbench.better()).isEqualTo(Direction.HIGHER);
        assertThat(dbench.unit()).isEqualTo("MB/s");
        assertThat(build.better()).isEqualTo(Direction.LOWER);
        assertThat(build.unit()).isEqualTo("s");
        // both are worse for b; and no geometric mean mixes a throughput with a time
        var rows = Analyzer.compare(study, "a", dev.overhead.stats.CompareOptions.DEFAULT);
        assertThat(rows).noneMatch(r -> r.overall());
        assertThat(rows).extracting(r -> r.comparison().better()).containsExactly(Direction.HIGHER, Direction.LOWER);
    }

    @Test
    void oneWorkloadGivingAMetricTwoDirectionsIsRefused() {
        String csv = """
                workload,variant,metric,value,better,unit
                dbench,a,value,100,higher,MB/s
                dbench,b,value,90,lower,MB/s
                """;
        assertThatThrownBy(() -> SampleCsv.read(csv, "pts.csv"))
                .isInstanceOf(FormatException.class)
                .hasMessage("pts.csv line 3: metric 'value' of workload 'dbench' was higher-is-better in MB/s"
                        + " before; give one direction and unit per workload and metric.");
    }

    @Test
    void quotedCellsMayHoldCommas() {
        var study = SampleCsv.read("workload,variant,metric,value\n\"sort, big\",\"a\",t,\"1.5\"\n", "q.csv");
        assertThat(study.workloads().getFirst().name()).isEqualTo("sort, big");
    }

    @Test
    void plainNumbersAreWhatTheRegularExpressionAccepted() {
        var regex = java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
        for (String s : new String[] {
            "1",
            "-1",
            "+1.5",
            "1.",
            ".5",
            ".",
            "+",
            "-",
            "",
            "1e5",
            "1E-5",
            "1e",
            "1e+",
            ".e1",
            "1.5e+07",
            "NaN",
            "Infinity",
            "0x1p3",
            "1d",
            "1f",
            "١٢",
            "1 ",
            " 1",
            "1..2",
            "--1",
            "1e5.5",
            "00012.3400"
        }) {
            assertThat(SampleCsv.plainNumber(s))
                    .as(s)
                    .isEqualTo(regex.matcher(s).matches());
        }
    }

    @Test
    void crLfLinesAndBlankLinesReadAsBefore() {
        var study = SampleCsv.read(
                "\r\n\nworkload,variant,metric,value\r\nw,a,wall,1\r\n\r\nw,a,wall,2\nw,b,wall,3", "x.csv");
        var a = study.workloads().getFirst().variants().getFirst();
        assertThat(a.runs()).extracting(r -> r.wallS()).containsExactly(1.0, 2.0);
        assertThat(study.workloads().getFirst().variants().get(1).runs()).hasSize(1);
        assertThatThrownBy(() -> SampleCsv.read("\n \n", "e.csv")).hasMessageContaining("is empty");
        assertThatThrownBy(() -> SampleCsv.read("workload,variant,metric,value\n\n", "h.csv"))
                .hasMessageContaining("no rows");
        assertThatThrownBy(() -> SampleCsv.read("workload,variant,metric,value\nw,a,wall\n", "c.csv"))
                .hasMessageContaining("c.csv line 2: expected 4 columns");
    }
}

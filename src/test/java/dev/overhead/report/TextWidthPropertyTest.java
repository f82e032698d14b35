package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.StudyResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whatever the names and values, every line of the text report, in its short form and with
 * {@code --detail}, is at most 80 characters (code points, not bytes), and nothing is cut to get
 * there: every metric name appears whole in the detail. 400 studies
 * from a fixed seed, each under both locales and both alphabets.
 */
class TextWidthPropertyTest {

    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.üµ/[]()";

    static Stream<Long> seeds() {
        return IntStream.range(0, 400).mapToObj(i -> 0x5eed_0000L + i);
    }

    @ParameterizedTest(name = "study {index}")
    @MethodSource("seeds")
    void everyLineFitsAndNoMetricNameIsCut(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        StudyResult study = randomStudy(rnd);
        for (Locale locale : List.of(Locale.ROOT, Locale.GERMANY)) {
            for (boolean ascii : List.of(false, true)) {
                RenderOptions options = new RenderOptions(ascii, locale, List.of("all"));
                String first = TextRenderer.render(study, options); // the summary, plain words and warnings
                String text = TextRenderer.render(study, options.withDetail(true));
                assertThat((first + text).lines())
                        .allSatisfy(line -> assertThat(Glyphs.width(line))
                                .as("width of %s", line)
                                .isLessThanOrEqualTo(TextRenderer.WIDTH));
                if (!ascii) {
                    assertThat(text).doesNotContain("…");
                    study.comparisons().forEach(r -> assertThat(text).contains(Labels.metric(r.metric())));
                }
            }
        }
    }

    private static StudyResult randomStudy(SplittableRandom rnd) {
        int nVariants = 2 + rnd.nextInt(3);
        List<String> variants = new ArrayList<>();
        for (int i = 0; i < nVariants; i++) {
            String name = word(rnd, 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 40));
            variants.add(rnd.nextInt(4) == 0 ? name + " " + word(rnd, 1 + rnd.nextInt(20)) : name + i);
        }
        List<Studies.Row> rows = new ArrayList<>();
        int nWorkloads = 1 + rnd.nextInt(3);
        for (int w = 0; w < nWorkloads; w++) {
            String workload = word(rnd, 1 + rnd.nextInt(rnd.nextBoolean() ? 10 : 100)) + w;
            int nMetrics = 1 + rnd.nextInt(4);
            for (int m = 0; m < nMetrics; m++) {
                String metric = m == 0 && rnd.nextBoolean()
                        ? "wall"
                        : word(rnd, 1 + rnd.nextInt(rnd.nextBoolean() ? 10 : 70)) + "m" + m;
                String unit = metric.equals("wall")
                        ? "s"
                        : List.of("", "s", "ms", "MB/s", "bogo ops", "KiB", "B", word(rnd, 1 + rnd.nextInt(30)))
                                .get(rnd.nextInt(8));
                double base = List.of(1e-9, 0.004, 1.0, 1994.0, 8.71, 78e6, 3.5e12, -2.0, 0.0)
                        .get(rnd.nextInt(9));
                boolean higher = rnd.nextBoolean(); // one direction per workload and metric
                for (String candidate : variants.subList(1, variants.size())) {
                    double change = List.of(0.1, -3.1, 31.0, 960.0, 78_922_272.0, -99.9, -100.0, Double.NaN)
                            .get(rnd.nextInt(8));
                    double half = List.of(0.5, 12.0, 300.0, 1e7, Double.POSITIVE_INFINITY)
                            .get(rnd.nextInt(5));
                    Studies.Row row = new Studies.Row(
                            workload, metric, unit, candidate, base, change, change - half, change + half);
                    rows.add(higher ? row.higherIsBetter() : row);
                }
            }
        }
        return Studies.study(word(rnd, 1 + rnd.nextInt(90)), variants, rows);
    }

    private static String word(SplittableRandom rnd, int length) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < length; i++) {
            out.append(LETTERS.charAt(rnd.nextInt(LETTERS.length())));
        }
        return out.toString();
    }
}

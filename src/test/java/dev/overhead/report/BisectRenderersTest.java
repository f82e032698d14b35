package dev.overhead.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.BisectResult;
import dev.overhead.model.BisectStep;
import dev.overhead.model.BisectStep.Mark;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Direction;
import dev.overhead.stats.Verdict;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The bisection chain in every format, against golden files (under a decimal point and a decimal comma). */
class BisectRenderersTest {
    private static final String GOOD = "e4cf6c2a53c389096e1adefc2aea614243e8d71f";
    private static final String BAD = "4128d2d0bc4b67f0ab1ea5cb8c70ab29b0f81108";
    private static final String SEVEN = "42f5833c3bc1d7a6f4b2c11e60a0e4d6a5f1e2b3";
    private static final String SIX = "4f90b1cf0d8b30aa6d1e0b1c2f9a3e4d5c6b7a88";
    private static final String NINE = "b80d24e9421131963c4a5e7f8a9b0c1d2e3f4a5b";

    private static Comparison comparison(double change, double low, double high, Verdict v, int n, Integer needed) {
        return new Comparison(
                Direction.LOWER,
                n,
                n,
                0.01,
                0.01 * (1 + change / 100),
                change,
                low,
                high,
                0.01,
                "test",
                v,
                needed,
                List.of(),
                null,
                null);
    }

    static BisectResult found() {
        return new BisectResult(
                GOOD,
                BAD,
                11,
                "{build_dir}/prog 10000000",
                "$CC -O1 -o prog prog.c",
                "cpu",
                10,
                0.95,
                30,
                List.of(
                        new BisectStep(
                                1,
                                BAD,
                                "commit 12: notes",
                                11,
                                "20261203-123054-9f2f",
                                Mark.BAD,
                                comparison(153.0, 147.0, 158.0, Verdict.WORSE, 5, null),
                                null),
                        new BisectStep(
                                2,
                                SIX,
                                "commit 6: notes",
                                5,
                                "20261203-123056-5849",
                                Mark.GOOD,
                                comparison(1.0, -1.8, 3.8, Verdict.EQUIVALENT, 5, null),
                                "taken from study 20261203-123056-5849, which an earlier bisection measured"),
                        new BisectStep(
                                3,
                                NINE,
                                "commit 9: notes",
                                8,
                                null,
                                Mark.SKIP,
                                null,
                                "the build exited with code 2: prog.c:3: error; skipped"),
                        new BisectStep(
                                4,
                                SEVEN,
                                "commit 7: a chain of multiplications",
                                6,
                                "20261203-123057-ae74",
                                Mark.BAD,
                                comparison(12.5, 11.0, 14.1, Verdict.WORSE, 7, null),
                                null)),
                new BisectResult.Found(SEVEN, "commit 7: a chain of multiplications", 6),
                List.of());
    }

    static BisectResult notWorse() {
        return new BisectResult(
                GOOD,
                BAD,
                11,
                "fake @{build_dir}/cost",
                null,
                "wall",
                1,
                0.95,
                10,
                List.of(new BisectStep(
                        1,
                        BAD,
                        "commit 12: notes",
                        11,
                        "20261203-123054-9f2f",
                        Mark.SKIP,
                        comparison(5.4, -6.5, 15.3, Verdict.INCONCLUSIVE, 10, 73),
                        "still inconclusive after 10 runs per build, the budget; skipped, as git bisect skip")),
                new BisectResult.NotWorse(Verdict.INCONCLUSIVE, 73),
                List.of());
    }

    static BisectResult candidates() {
        BisectResult f = found();
        List<BisectStep> steps = List.of(
                f.steps().get(0),
                new BisectStep(
                        2,
                        SIX,
                        "commit 6: notes",
                        5,
                        "20261203-123056-5849",
                        Mark.SKIP,
                        comparison(1.5, -18.9, 21.4, Verdict.INCONCLUSIVE, 30, 222),
                        "still inconclusive"),
                new BisectStep(
                        3,
                        SEVEN,
                        "commit 7: a chain of multiplications",
                        6,
                        "20261203-123057-ae74",
                        Mark.BAD,
                        comparison(188.0, 69.0, 392.0, Verdict.WORSE, 5, null),
                        null),
                new BisectStep(
                        4,
                        "427cee6aa1b2c3d4e5f60718293a4b5c6d7e8f90",
                        "commit 5: notes",
                        4,
                        "20261203-123058-0c1d",
                        Mark.GOOD,
                        comparison(-2.0, -8.0, 4.0, Verdict.EQUIVALENT, 12, null),
                        null));
        return new BisectResult(
                GOOD,
                BAD,
                11,
                f.command(),
                f.build(),
                f.metric(),
                10,
                0.95,
                30,
                steps,
                new BisectResult.Candidates(List.of(SIX, SEVEN), 222),
                List.of());
    }

    @Test
    void everyFormatMatchesItsGoldenFile() throws Exception {
        for (var c : List.of(
                java.util.Map.entry("found", found()),
                java.util.Map.entry("candidates", candidates()),
                java.util.Map.entry("not-worse", notWorse()))) {
            String name = "bisect-" + c.getKey();
            BisectResult r = c.getValue();
            Golden.check(name + ".root.txt", BisectRenderers.text(r, new RenderOptions(false, Locale.ROOT)));
            Golden.check(name + ".de.txt", BisectRenderers.text(r, new RenderOptions(false, Locale.GERMANY)));
            Golden.check(name + ".md", BisectRenderers.markdown(r, new RenderOptions(false, Locale.ROOT)));
            Golden.check(name + ".json", BisectRenderers.json(r, "test"));
            Golden.check(name + ".csv", BisectRenderers.csv(r));
        }
        Golden.check("bisect-found.html", BisectRenderers.html(found(), RenderOptions.DEFAULT));
    }

    @Test
    void textFitsEightyColumnsAndAsciiIsSevenBit() {
        for (BisectResult r : List.of(found(), candidates(), notWorse())) {
            String text = BisectRenderers.text(r, new RenderOptions(false, Locale.ROOT));
            assertThat(text.lines())
                    .allSatisfy(l -> assertThat(Glyphs.width(l)).as(l).isLessThanOrEqualTo(80));
            String ascii = BisectRenderers.text(r, new RenderOptions(true, Locale.ROOT));
            assertThat(ascii.chars()).allSatisfy(ch -> assertThat(ch).isLessThan(128));
        }
    }

    @Test
    void anInconclusiveEndNamesNoCommitAndSaysHowManyRunsWouldSettleIt() {
        String text = BisectRenderers.text(notWorse(), RenderOptions.DEFAULT);
        assertThat(text)
                .contains("inconclusive")
                .contains("About 73 runs per build")
                .doesNotContain("first worse");
        String candidates = BisectRenderers.text(candidates(), RenderOptions.DEFAULT);
        assertThat(candidates).contains("one of 4f90b1c, 42f5833").doesNotContain("first worse commit:");
    }

    @Test
    void theFoundCommitIsNamedWithTheGoodStepBeforeIt() {
        String text = BisectRenderers.text(found(), RenderOptions.DEFAULT).replaceAll("\\s+", " ");
        assertThat(text)
                .contains("first worse commit: 42f5833 (6 of 11) commit 7: a chain of multiplications")
                .contains("the commit before it, 4f90b1c, was measured good");
    }
}

package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.StudyResult;
import dev.overhead.report.Fixture;
import dev.overhead.report.Golden;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The three interop exports ({@code --export-hyperfine-json}, {@code --export-gobench},
 * {@code --export-pts}) of the report fixture against golden files, under a decimal point and a
 * decimal comma (the other tools read only the point), and each read back as its own format.
 */
class ExportGoldenTest {
    static final Path DIR = Golden.dir("interop");

    static Stream<Arguments> exports() {
        return Stream.of(
                Arguments.of(
                        "hyperfine.json", Formats.Kind.HYPERFINE, (Function<StudyResult, String>) HyperfineJson::write),
                Arguments.of("gobench.txt", Formats.Kind.GOBENCH, (Function<StudyResult, String>) GoBench::write),
                Arguments.of("composite.xml", Formats.Kind.PTS, (Function<StudyResult, String>)
                        s -> PtsXmlWriter.write(s, "1.2.3")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("exports")
    void exportMatchesGoldenUnderAnyLocale(String name, Formats.Kind kind, Function<StudyResult, String> export)
            throws Exception {
        Locale saved = Locale.getDefault();
        try {
            for (Locale locale : new Locale[] {Locale.ROOT, Locale.GERMANY}) {
                Locale.setDefault(locale);
                String text = export.apply(Fixture.study());
                Golden.check(DIR, name, text);
                assertThat(Formats.detect(text, name))
                        .as("told apart as its own format")
                        .isEqualTo(kind);
                // hyperfine has one command per result, so its names carry the workload too
                assertThat(String.join(",", Formats.read(text, name).variantNames()))
                        .as("read back")
                        .contains("glibc", "hardened", "traced");
            }
        } finally {
            Locale.setDefault(saved);
        }
    }
}

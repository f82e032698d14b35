package dev.overhead.report;

import dev.overhead.model.StudyResult;
import java.util.Locale;

/** The one switch from a format to its renderer; every renderer is a pure function of the study. */
public final class Renderers {
    private Renderers() {}

    /**
     * The study in {@code format}. Machine formats (CSV, JSON) always use {@link Locale#ROOT}; CSV here
     * is the runs, {@link CsvRenderer#renderComparisons} gives the comparisons.
     */
    public static String render(Format format, StudyResult study, RenderOptions options) {
        RenderOptions human = options == null ? RenderOptions.DEFAULT : options;
        return switch (format) {
            case TEXT -> TextRenderer.render(study, human);
            case MARKDOWN -> MarkdownRenderer.render(study, human);
            case HTML -> HtmlRenderer.render(study, human);
            case CSV -> CsvRenderer.renderRuns(study);
            case JSON -> JsonRenderer.render(study, human);
            case JUNIT -> JUnitReport.study(study, human, java.util.List.of());
        };
    }

    public static String render(Format format, StudyResult study) {
        return render(format, study, RenderOptions.DEFAULT);
    }
}

package dev.overhead.serve;

import dev.overhead.model.StudyResult;
import java.time.ZoneId;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * How the pages show studies, handed in by the command so that a study's page is exactly its
 * {@code overhead report --format html}.
 *
 * @param mask   hides environment values that look like secrets, as every report does
 * @param clean  escapes control characters, as the command line's output does
 * @param locale numbers in the reports and tables
 * @param zone   dates in the list and the date filters
 */
public record Presentation(UnaryOperator<StudyResult> mask, UnaryOperator<String> clean, Locale locale, ZoneId zone) {}

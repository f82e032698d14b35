package dev.overhead.report;

import dev.overhead.model.Stop;
import dev.overhead.model.StudySettings;
import java.math.BigDecimal;

/** Why a workload's runs ended, in the words of the report: the true reason, never a stock phrase. */
final class StopWords {
    private StopWords() {}

    /** The sentence for a workload's stop, or null where there is nothing to say (not known, or the runs asked for). */
    static String of(Stop stop, StudySettings settings) {
        if (stop == null) {
            return null;
        }
        Double precision = settings.precisionPct();
        String within = precision == null ? "" : " within ±" + pct(precision) + share(settings.precisionShare());
        String runs = stop.runs() + (stop.runs() == 1 ? " run" : " runs") + " per variant";
        return switch (stop.reason()) {
            case SETTLED -> "stopped at the look at " + runs + ": every primary verdict settled" + within;
            case MAX_RUNS -> "stopped at --max-runs (" + runs + ") before every primary verdict was settled" + within;
            case TIME_BUDGET -> "stopped by the time budget after " + runs;
            case INTERRUPTED -> "interrupted after " + runs + " (what was measured is kept)";
            case RUNS -> null;
        };
    }

    /** The default precision's other allowance, in words: {@code " or a quarter of the change"}. */
    static String share(Double share) {
        if (share == null) {
            return "";
        }
        return share == 0.25 ? " or a quarter of the change" : " or " + pct(share * 100) + " of the change";
    }

    static String pct(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString() + "%";
    }
}

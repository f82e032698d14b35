package dev.overhead.cli;

/** Reads "1%", "1.5" or "0.5 %" as a percentage. */
final class Percent {
    private Percent() {}

    static double parse(String option, String text) {
        String t = text.strip();
        if (t.endsWith("%")) {
            t = t.substring(0, t.length() - 1).strip();
        }
        try {
            double v = Double.parseDouble(t);
            if (v < 0 || !Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw UserError.usage(option + " '" + text + "' is not a percentage: write it like 1% or 2.5%");
        }
    }
}

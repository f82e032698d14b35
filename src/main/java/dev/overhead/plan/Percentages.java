package dev.overhead.plan;

/** Percentages as written in options and plans: {@code 1%}, {@code 0.5%}; a bare number is percent too. */
public final class Percentages {
    private Percentages() {}

    /**
     * Parses a non-negative percentage into percent units ({@code "1%"} gives 1.0).
     *
     * @throws SpecException naming the text
     */
    public static double parse(String text) {
        String t = text == null ? "" : text.strip();
        if (t.endsWith("%")) {
            t = t.substring(0, t.length() - 1).strip();
        }
        double value;
        try {
            value = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new SpecException("'" + text + "' is not a percentage: write for example 1% or 0.5%.");
        }
        if (!(value >= 0) || Double.isInfinite(value) || t.startsWith("-")) {
            throw new SpecException("'" + text + "' is not a percentage: write a non-negative one such as 1%.");
        }
        return value;
    }
}

package dev.overhead.report;

import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Numbers as people read them, in one locale: values with four significant digits, changes in
 * percent with an explicit sign, intervals. The sign is written by hand so that {@code --ascii}
 * and typographic minus signs do not depend on the locale's own choice.
 */
record Numbers(Locale locale, Glyphs glyphs) {

    static Numbers of(RenderOptions options) {
        return new Numbers(options.locale(), new Glyphs(options.ascii()));
    }

    boolean decimalComma() {
        return DecimalFormatSymbols.getInstance(locale).getDecimalSeparator() == ',';
    }

    /** A value already scaled to its display unit, with about four significant digits. */
    String value(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return (v < 0 ? glyphs.minus() : "") + "inf";
        }
        double a = Math.abs(v);
        String body;
        if (a == 0) {
            body = "0";
        } else if (a >= 1e7 || a < 1e-4) {
            body = String.format(locale, "%.3e", a);
        } else {
            int digits = Math.max(0, 3 - (int) Math.floor(Math.log10(a)));
            body = String.format(locale, "%." + Math.min(digits, 7) + "f", a);
        }
        return (v < 0 ? glyphs.minus() : "") + body;
    }

    /** A signed number of percent points without the percent sign: {@code +31.0}, {@code −44.5}, {@code +123}. */
    String signed(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return (v < 0 ? glyphs.minus() : "+") + "inf";
        }
        double a = Math.abs(v);
        String body = a >= 99.95 ? String.format(locale, "%.0f", a) : String.format(locale, "%.1f", a);
        return (v < 0 ? glyphs.minus() : "+") + body;
    }

    /** A change in percent: {@code +31.0%}. */
    String pct(double v) {
        return Double.isNaN(v) ? "n/a" : signed(v) + "%";
    }

    /** An interval of a change in percent, {@code [+29.8, +32.2]}; a semicolon where the decimal mark is a comma. */
    String interval(double low, double high) {
        if (!Double.isFinite(low) || !Double.isFinite(high)) {
            return "n/a";
        }
        String sep = decimalComma() ? "; " : ", ";
        return "[" + signed(low) + sep + signed(high) + "]";
    }

    /** An unsigned percentage with two significant digits or one decimal: {@code 0.8%}, {@code 12%}. */
    String plainPct(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return (Math.abs(v) >= 9.95 ? String.format(locale, "%.0f", v) : String.format(locale, "%.1f", v)) + "%";
    }

    /** A whole number with the locale's digit grouping. */
    String count(long n) {
        return String.format(locale, "%,d", n);
    }
}

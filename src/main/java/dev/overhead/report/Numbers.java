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

    /**
     * Whether a change and its interval read better as ratios ({@code ×2.50}): beyond +100% a
     * percentage grows without bound and stops meaning much to a reader.
     */
    static boolean asRatio(double change, double high) {
        return change > 100 || high > 100;
    }

    /** A change as a percentage, or as a ratio of the candidate's figure to the baseline's. */
    String change(double pct, boolean ratio) {
        return ratio ? times(pct) : pct(pct);
    }

    /** A change in percent shown as a ratio: {@code +960%} is {@code ×10.6}. */
    String times(double pct) {
        if (Double.isNaN(pct)) {
            return "n/a";
        }
        double r = Math.max(0, 1 + pct / 100);
        if (Double.isInfinite(r)) {
            return glyphs.times() + "inf";
        }
        String body;
        if (r < 9.995) {
            body = String.format(locale, "%.2f", r);
        } else if (r < 99.95) {
            body = String.format(locale, "%.1f", r);
        } else if (r < 9999.5) {
            body = String.format(locale, "%.0f", r);
        } else {
            int exponent = (int) Math.floor(Math.log10(r));
            double mantissa = r / Math.pow(10, exponent);
            if (mantissa >= 9.95) {
                mantissa /= 10;
                exponent++;
            }
            body = String.format(locale, "%.1fe%d", mantissa, exponent);
        }
        return glyphs.times() + body;
    }

    /**
     * An interval of a change in percent, {@code [+29.8, +32.2]}; a semicolon where the decimal mark
     * is a comma. A relative change of a positive figure cannot fall below −100%, so no end is shown
     * below it.
     */
    String interval(double low, double high) {
        return interval(low, high, false);
    }

    String interval(double low, double high, boolean ratio) {
        if (Double.isNaN(low) || Double.isNaN(high) || low == Double.POSITIVE_INFINITY) {
            return "n/a";
        }
        double lo = Math.max(-100, low);
        double hi = Math.max(-100, high);
        String sep = decimalComma() ? "; " : ", ";
        // an end without bound (a ratio of means whose baseline cannot be told from 0) is shown as
        // such, so that "[×336, ×inf]" still says how far the interval is from no change
        return ratio ? "[" + times(lo) + sep + times(hi) + "]" : "[" + signed(lo) + sep + signed(hi) + "]";
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

package dev.overhead.interop;

/**
 * Clinger's fast path for reading a decimal (Clinger, W. D. (1990), "How to read floating point
 * numbers accurately", PLDI '90): a decimal of at most 15 significant digits is an integer m below
 * 2⁵³ times 10^e, and for |e| ≤ 22 both m and 10^|e| are exact doubles, so the one IEEE
 * multiplication or division m·10^e or m / 10^−e is the correctly rounded value — the same double
 * {@link Double#parseDouble} returns (which takes this same path inside, after building a String
 * and a parser object per call). Reading 2·10⁶ sample values spent a third of its time there
 * (issue 16.4); everything outside the fast path is left to {@code Double.parseDouble}.
 */
final class Decimals {
    /** 10⁰ … 10²², each exact in a double. */
    private static final double[] POWERS = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    };

    private static final int MAX_DIGITS = 15;

    private Decimals() {}

    /**
     * The value of the ASCII bytes s[from, to), which must be a plain decimal
     * ({@code [+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?}, SampleCsv.plainNumber), or NaN when it lies
     * outside the fast path and must be parsed the long way.
     */
    static double exact(byte[] s, int from, int to) {
        int i = from;
        boolean negative = false;
        byte c = s[i];
        if (c == '+' || c == '-') {
            negative = c == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0; // significant digits so far: leading zeros are not
        int scale = 0; // digits after the point
        boolean point = false;
        for (; i < to; i++) {
            c = s[i];
            if (c == '.') {
                point = true;
            } else if (c >= '0' && c <= '9') {
                if (mantissa != 0 || c != '0') {
                    if (++digits > MAX_DIGITS) {
                        return Double.NaN;
                    }
                    mantissa = mantissa * 10 + (c - '0');
                }
                if (point) {
                    scale++;
                }
            } else {
                break; // the exponent's e or E
            }
        }
        int exponent = 0;
        if (i < to) {
            i++;
            boolean down = false;
            if (s[i] == '+' || s[i] == '-') {
                down = s[i] == '-';
                i++;
            }
            if (to - i > 4) {
                return Double.NaN; // no overflow of the int below; such exponents take the long way
            }
            for (; i < to; i++) {
                exponent = exponent * 10 + (s[i] - '0');
            }
            if (down) {
                exponent = -exponent;
            }
        }
        double v;
        int e = exponent - scale;
        if (mantissa == 0) {
            v = 0;
        } else if (e >= 0 && e < POWERS.length) {
            v = mantissa * POWERS[e];
        } else if (e < 0 && -e < POWERS.length) {
            v = mantissa / POWERS[-e];
        } else {
            return Double.NaN;
        }
        return negative ? -v : v;
    }
}

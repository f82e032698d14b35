package dev.overhead.report;

/**
 * A display unit for a base unit (docs/architecture.md, Conventions: base units in storage, scaled only when shown).
 * Only base units are scaled: seconds, bytes and the KiB of the built-in memory figures. A unit the
 * user declared with a prefix already ({@code ms}, {@code MB/s}) and a count of things
 * ({@code bogo ops}, faults) are shown as they are: {@code kbogo ops} or {@code mms} read as nonsense.
 *
 * @param factor multiply a base value by this to get the display value
 * @param label  the display unit, e.g. {@code ms}, {@code MiB}; may be empty
 */
record Scale(double factor, String label) {

    /** The unit that shows {@code reference} (a typical value, in {@code unit}) with 1 to 3 digits before the point. */
    static Scale of(String unit, double reference, Glyphs glyphs) {
        String u = unit == null ? "" : unit;
        double r = Math.abs(reference);
        if (!Double.isFinite(r) || r == 0) {
            return new Scale(1, u);
        }
        return switch (u) {
            case "s" -> seconds(r, glyphs);
            case "KiB" -> {
                Scale bytes = binary(r * 1024);
                yield new Scale(bytes.factor() * 1024, bytes.label());
            }
            case "B", "bytes" -> binary(r);
            default -> new Scale(1, u);
        };
    }

    private static Scale seconds(double r, Glyphs glyphs) {
        if (r >= 1) {
            return new Scale(1, "s");
        }
        if (r >= 1e-3) {
            return new Scale(1e3, "ms");
        }
        if (r >= 1e-6) {
            return new Scale(1e6, glyphs.micro() + "s");
        }
        return new Scale(1e9, "ns");
    }

    /** Bytes in powers of 1024, as memory is spoken of; the factor applies to {@code bytes}. */
    private static Scale binary(double bytes) {
        String[] labels = {"B", "KiB", "MiB", "GiB", "TiB"};
        int i = 0;
        double factor = 1;
        while (i < labels.length - 1 && bytes * factor >= 1024) {
            factor /= 1024;
            i++;
        }
        return new Scale(factor, labels[i]);
    }
}

package dev.overhead.report;

/**
 * A display unit for a base unit (STYLE.md §2: base units in storage, scaled only when shown).
 *
 * @param factor multiply a base value by this to get the display value
 * @param label  the display unit, e.g. {@code ms}, {@code MiB}, {@code k}; may be empty
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
            case "KiB" -> binary(r);
            case "", "blocks", "count" -> counts(r, u);
            case "%" -> new Scale(1, u);
            default -> si(r, u, glyphs);
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

    private static Scale binary(double kib) {
        String[] labels = {"KiB", "MiB", "GiB", "TiB"};
        int i = 0;
        double factor = 1;
        while (i < labels.length - 1 && kib * factor >= 1024) {
            factor /= 1024;
            i++;
        }
        return new Scale(factor, labels[i]);
    }

    private static Scale counts(double r, String unit) {
        String sep = unit.isEmpty() ? "" : " ";
        if (r >= 1e9) {
            return new Scale(1e-9, "G" + sep + unit);
        }
        if (r >= 1e6) {
            return new Scale(1e-6, "M" + sep + unit);
        }
        if (r >= 1e4) {
            return new Scale(1e-3, "k" + sep + unit);
        }
        return new Scale(1, unit);
    }

    private static Scale si(double r, String unit, Glyphs glyphs) {
        double[] limits = {1e9, 1e6, 1e3, 1, 1e-3, 1e-6};
        String[] prefixes = {"G", "M", "k", "", "m", glyphs.micro()};
        for (int i = 0; i < limits.length; i++) {
            if (r >= limits[i]) {
                return new Scale(1 / limits[i], prefixes[i] + unit);
            }
        }
        return new Scale(1e9, "n" + unit);
    }
}

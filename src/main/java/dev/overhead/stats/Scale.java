package dev.overhead.stats;

/** Where a shift was estimated, and how it becomes a change in percent. */
sealed interface Scale {
    Scale LOG = new Log();

    double toPct(double shift);

    /** Inverse of {@link #toPct}. */
    double fromPct(double pct);

    record Log() implements Scale {
        public double toPct(double shift) {
            return Math.expm1(shift) * 100;
        }

        public double fromPct(double pct) {
            return Math.log1p(pct / 100);
        }
    }

    /** A difference of raw values, relative to the baseline's mean. */
    record Raw(double baselineMean) implements Scale {
        public double toPct(double shift) {
            return baselineMean == 0 ? Double.NaN : shift / Math.abs(baselineMean) * 100;
        }

        public double fromPct(double pct) {
            return pct / 100 * Math.abs(baselineMean);
        }
    }
}

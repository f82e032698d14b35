package dev.overhead.report;

/** Keys of a study's environment map that reports give a place of their own. */
public final class ReportKeys {
    /**
     * A list of sentences: how the machines of compared studies differ (kernel, command line,
     * mitigations, governor...), shown above the tables — the cross-boot case.
     */
    public static final String MACHINE_DIFFERENCES = "machine_differences";

    private ReportKeys() {}
}

package dev.overhead.stats;

/**
 * The estimator behind a comparison, for code that must tell them apart (which central values to
 * show); {@link Comparison#method()} is the sentence for people.
 */
enum Method {
    WELCH_T,
    PAIRED_T,
    HODGES_LEHMANN,
    SIGNED_RANK_HODGES_LEHMANN;

    /** A rank method's central values are medians; a t method's are geometric (or plain) means. */
    boolean rank() {
        return this == HODGES_LEHMANN || this == SIGNED_RANK_HODGES_LEHMANN;
    }
}

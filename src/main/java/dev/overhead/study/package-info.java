/**
 * The application: what a command does once its options are parsed — running and resuming studies,
 * boot studies, bisection steps, the machine a study runs on, loading stored studies, the user's
 * errors as sentences. {@code cli} parses and calls into it; it never imports {@code cli}.
 */
package dev.overhead.study;

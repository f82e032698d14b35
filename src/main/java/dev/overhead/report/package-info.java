/**
 * Pure renderers from a {@link dev.overhead.model.StudyResult} to text, Markdown, HTML, JSON and CSV
 * (docs/cli.md, "Output formats"): each returns a {@code String}; writing it is {@code cli}'s job.
 * Never imports {@code exec}, {@code store}, {@code run}, {@code sysinfo} or {@code cli}.
 */
package dev.overhead.report;

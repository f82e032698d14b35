/**
 * overhead measures what a change costs in performance and says whether the cost is real. The flow
 * plan → exec → samples → stats → verdicts → report, and what each package may import, are in
 * docs/architecture.md; what users see, in docs/cli.md.
 */
package dev.overhead;

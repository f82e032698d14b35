/**
 * Working as a team (issue 31, docs/team.md): what ties a study to its team — the submission that queued
 * it, the machine that measured it, the commit and branch it measured ({@code Provenance}) — the fleet's
 * queue as people see it ({@code QueueView}), CI gates in JUnit XML ({@code JUnitReport}), alerts
 * ({@code Alerts}: webhooks and the Atom feed) and what an agent may run ({@code Allowance}). Pure where it
 * can be; the network and processes are reached only by {@code Webhooks} and {@code GitRevision}.
 */
package dev.overhead.team;

/**
 * What this machine is and what makes it noisy (CPU, kernel, governor, mitigations, load, ...), read
 * from /proc, /sys and a few commands, and the controls a run can ask for (pinning, niceness, ASLR,
 * dropping caches). Rendering it is the {@code report} package's job. Imports only {@code model}.
 */
package dev.overhead.sysinfo;

/* See overhead-counters.h. */
#define _GNU_SOURCE
#include "overhead-counters.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static const struct { const char *name; uint32_t type; uint64_t config; } events[N_COUNTERS] = {
#ifndef OVERHEAD_COUNTERS_SOFTWARE
    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
    {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
#else
    /* For tests on machines without hardware counters: the same opening, inheriting and reading,
     * of software clocks (nanoseconds) that every kernel has. */
    {"instructions", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
    {"cycles", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK},
#endif
};

const char *counter_name(int i) { return events[i].name; }

/* Whether this process may count in the kernel too (perf's rule: paranoid <= 1, or root);
 * otherwise only user space is counted, as perf stat's ":u" does. Read once. */
static int kernel_allowed(void) {
    static int allowed = -1;
    if (allowed < 0) {
        int level = 2;
        FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
        if (f) {
            if (fscanf(f, "%d", &level) != 1) level = 2;
            fclose(f);
        }
        allowed = level <= 1 || geteuid() == 0;
    }
    return allowed;
}

/* Reasons that hold for the whole machine, not for one child; remembered per counter. */
static int machine_err[N_COUNTERS];

static int machine_wide(int err) {
    return err == ENOENT || err == EOPNOTSUPP || err == ENODEV || err == ENOSYS || err == EACCES || err == EPERM;
}

int counters_known_absent(counters_t *c) {
    for (int i = 0; i < N_COUNTERS; i++)
        if (!machine_err[i]) return 0;
    for (int i = 0; i < N_COUNTERS; i++) {
        c->fd[i] = -1;
        c->err[i] = machine_err[i];
        c->value[i] = c->enabled[i] = c->running[i] = 0;
    }
    return 1;
}

void counters_open(counters_t *c, pid_t pid) {
    for (int i = 0; i < N_COUNTERS; i++) {
        struct perf_event_attr attr;
        memset(&attr, 0, sizeof attr);
        attr.size = sizeof attr;
        attr.type = events[i].type;
        attr.config = events[i].config;
        attr.disabled = 1;
        attr.enable_on_exec = 1; /* from the command's exec on, not the helper's fork */
        attr.inherit = 1;        /* its children count too (a shell's commands) */
        attr.exclude_kernel = !kernel_allowed();
        attr.exclude_hv = 1;
        /* Separate events, not a group: a group cannot be read with inherit, and one missing
         * counter must not take the other with it. Multiplexing is corrected by the two times. */
        attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
        c->fd[i] = (int)syscall(SYS_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
        c->err[i] = c->fd[i] < 0 ? errno : 0;
        if (machine_wide(c->err[i])) machine_err[i] = c->err[i];
        c->value[i] = c->enabled[i] = c->running[i] = 0;
    }
}

void counters_read(counters_t *c) {
    for (int i = 0; i < N_COUNTERS; i++) {
        if (c->fd[i] < 0) continue;
        uint64_t buf[3];
        ssize_t n;
        do n = read(c->fd[i], buf, sizeof buf); while (n < 0 && errno == EINTR);
        if (n == (ssize_t)sizeof buf) {
            c->value[i] = buf[0];
            c->enabled[i] = buf[1];
            c->running[i] = buf[2];
        } else {
            c->err[i] = n < 0 ? errno : EIO;
        }
        close(c->fd[i]);
        c->fd[i] = -1;
    }
}

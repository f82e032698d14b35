/*
 * Per-run CPU counters (instructions, cycles) of overhead's forking helper, from perf_event_open.
 * They are opened on a child that has been forked but not yet exec'd, disabled until its exec
 * (enable_on_exec) and inherited by its own children, so they count exactly the measured command.
 */
#ifndef OVERHEAD_COUNTERS_H
#define OVERHEAD_COUNTERS_H

#include <stdint.h>
#include <sys/types.h>

#define N_COUNTERS 2

typedef struct {
    int fd[N_COUNTERS];     /* -1 where the counter could not be opened */
    int err[N_COUNTERS];    /* errno of perf_event_open, 0 where it opened */
    uint64_t value[N_COUNTERS], enabled[N_COUNTERS], running[N_COUNTERS];
} counters_t;

/* The name of counter i, as overhead reports it. */
const char *counter_name(int i);

/* Whether every counter failed to open before for a reason of the machine (no such event,
 * refused): then c is filled with those reasons and the command can be started without them. */
int counters_known_absent(counters_t *c);

/* Opens the counters on pid, which must not have exec'd yet; never fails as a whole. */
void counters_open(counters_t *c, pid_t pid);

/* Reads and closes them, once the command has been reaped. */
void counters_read(counters_t *c);

#endif

/*
 * The whole process tree of a run, through a cgroup made for it (overhead's forking helper).
 *
 * wait4 gives the figures of the command alone, and of its largest descendant for memory; a build
 * is a tree. So, where the machine lets us, every measured run gets a fresh cgroup: cgroup v2 where
 * it has the controllers, else the v1 hierarchies that have them (memory, cpuacct, blkio), and a v2
 * one beside them for pressure stall information. The helper moves itself into the run's cgroups
 * just before it starts the command (the child inherits them, at no cost inside the measured
 * interval) and back out right after wait4, then kills whatever the command left in them, reads
 * the figures and removes the cgroups. Its own CPU time inside is subtracted.
 */
#ifndef OVERHEAD_TREE_H
#define OVERHEAD_TREE_H

#include <stdint.h>

/* The figures, in the order the helper sends them, each in the kernel's own unit. */
enum { TREE_MEM_BYTES, TREE_CPU_NS, TREE_IO_READ_BYTES, TREE_IO_WRITE_BYTES, PSI_CPU_US, PSI_MEM_US, PSI_IO_US, N_TREE };

typedef struct {
    int active;       /* the helper is inside the run's cgroups */
    int has[N_TREE];  /* 1 where value[i] was measured */
    int64_t value[N_TREE];
    int left_behind;  /* the cgroups held processes after the command ended (they were killed) */
    int64_t self_cpu; /* the helper's own CPU time when it moved in */
    int seq;
    int to_remove;    /* the run's cgroups are still there: tree_after_reply removes them */
} tree_t;

/* Makes the run's cgroups and moves the helper into them; where none can be made, the run goes on
 * without (tree_why says why). Called before the command starts. */
void tree_begin(tree_t *t);

/* After the command was reaped: moves the helper out, kills what is left and reads the figures. */
void tree_end(tree_t *t);

/* After the reply is sent, so that it costs the study no time: removes the run's cgroups and makes
 * the next run's. */
void tree_after_reply(tree_t *t);

/* One sentence on the figures that cannot be measured here, or "" where all can. */
const char *tree_why(void);

#endif

/*
 * The cgroup hierarchies the runs' cgroups are made in (overhead's forking helper): where each is mounted,
 * where the helper is in it, and, for cgroup v2, getting the memory controller delegated to the runs'
 * cgroups. What is done with them for each run is in overhead-tree.c.
 */
#ifndef OVERHEAD_CGROUPS_H
#define OVERHEAD_CGROUPS_H

#include <limits.h>
#include <sys/types.h>

/* The hierarchies a run may need: the unified one, and the v1 ones with the controllers v2 lacks.
 * Block I/O comes from v2's io controller only: v1 blkio counts bytes only where throttling applies
 * (checked: 20 MiB written with O_DIRECT showed "Total 0"), and a 0 that means "not counted" would
 * be a wrong figure, not an absent one. */
enum { H_V2, H_MEM, H_CPU, N_H };
extern const char *const v1_name[N_H]; /* the v1 controller of each, NULL for v2 */

struct hierarchy {
    int found;    /* mounted, and this process's place in it is known */
    int broken;   /* a cgroup could not be made or joined here: not tried again */
    int made;     /* this run's cgroup exists */
    char base[PATH_MAX], home[PATH_MAX], run[PATH_MAX];
};
extern struct hierarchy hier[N_H];

/* Where cgroup v2 is mounted; and as root where this process's own cgroup cannot delegate (cg_own_subtree):
 * the subtree made for the helper at the top of the hierarchy, and the cgroup it came from, to go back to
 * when it ends. Empty where none. */
extern char v2_mount[PATH_MAX], own_base[PATH_MAX], came_from[PATH_MAX];

/* Reads a small file DIR/NAME whole into buf; its length, or -1. */
ssize_t cg_slurp(const char *dir, const char *name, char *buf, size_t size);

/* Writes a short string to the cgroup file DIR/NAME; 0, or an errno. */
int cg_put(const char *dir, const char *name, const char *s);

/* Whether a list of words (cgroup.controllers, mount options) has this one. */
int cg_has_word(const char *list, const char *word);

/* Fills hier[] and v2_mount from /proc/self/mountinfo and /proc/self/cgroup (or OVERHEAD_CGROUP_FAKE's). */
void cg_locate(void);

/* Where the helper's v2 cgroup holds only it and the JVM: both move into a leaf and it delegates. */
void cg_delegate(void);

/* As root in a v2 cgroup shared with others: a subtree of the helper's own at the top that delegates;
 * NULL where it is in use, else why not. */
const char *cg_own_subtree(const char *controllers);

/* Removes the empty run cgroups and subtrees of helpers that are gone. */
void cg_sweep(void);

#endif

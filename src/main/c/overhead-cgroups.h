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

struct hierarchy {
    int found;    /* mounted, and this process's place in it is known */
    int broken;   /* a cgroup could not be made or joined here: not tried again */
    int made;     /* this run's cgroup exists */
    char base[PATH_MAX], home[PATH_MAX], run[PATH_MAX];
};
extern struct hierarchy hier[N_H];

/* Fills hier[] from /proc/self/mountinfo and /proc/self/cgroup (or OVERHEAD_CGROUP_FAKE's), removes what helpers
 * that are gone left, and for cgroup v2 gets the memory controller delegated to the runs' cgroups where it can: in
 * a cgroup holding only the helper and the JVM, or as root in a subtree of its own at the top. subtree_control gets
 * what the runs' v2 parent delegates in the end, why (where v2 gives no memory figure) the reason. */
void cg_find(char *subtree_control, size_t size, char *why, size_t why_size);

/* At the helper's end: back out of a subtree of its own, which is removed. */
void cg_release(void);

/* Reads a small file DIR/NAME whole into buf; its length, or -1. */
ssize_t cg_slurp(const char *dir, const char *name, char *buf, size_t size);

/* Writes a short string to the cgroup file DIR/NAME; 0, or an errno. */
int cg_put(const char *dir, const char *name, const char *s);

/* Whether a list of words (cgroup.controllers, mount options) has this one. */
int cg_has_word(const char *list, const char *word);

#endif

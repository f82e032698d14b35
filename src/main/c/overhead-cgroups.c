/* See overhead-cgroups.h. Written by hand: no maintained C library does cgroup v1 and v2 both, and the
 * helper must stay one small file set that any C compiler builds. BenchExec's cgroups code was read for
 * how it gets the memory controller delegated, not copied. */
#define _GNU_SOURCE
#include "overhead-cgroups.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const v1_name[N_H] = {NULL, "memory", "cpuacct"};
struct hierarchy hier[N_H];

/* Where cgroup v2 is mounted; and as root where this process's own cgroup cannot delegate (own_subtree): the
 * subtree made for the helper at the top of the hierarchy, and the cgroup it came from, to go back to when it
 * ends. Empty where none. */
static char v2_mount[PATH_MAX], own_base[PATH_MAX], came_from[PATH_MAX];

/* Reads a small file whole; its length, or -1. */
ssize_t cg_slurp(const char *dir, const char *name, char *buf, size_t size) {
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t len = 0;
    while (len < size - 1) {
        ssize_t n = read(fd, buf + len, size - 1 - len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        len += (size_t)n;
    }
    close(fd);
    buf[len] = 0;
    return (ssize_t)len;
}

/* Writes a short string to a cgroup file; 0, or an errno. (O_CREAT is a no-op on a cgroup file, which exists
 * or cannot be made; it lets the tests' fake cgroupfs, plain directories, record what was written.) */
int cg_put(const char *dir, const char *name, const char *s) {
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return errno;
    ssize_t n = write(fd, s, strlen(s));
    int err = n < 0 ? errno : 0;
    close(fd);
    return err;
}

int cg_has_word(const char *list, const char *word) {
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ' || p[-1] == ',' || p[-1] == '+') && (p[n] == 0 || p[n] == ' ' || p[n] == ',' || p[n] == '\n'))
            return 1;
    return 0;
}

/* Where each hierarchy is mounted (/proc/self/mountinfo) and where this process is in it
 * (/proc/self/cgroup); a mount of a subtree (a container's) is allowed for. */
static void locate(void) {
    char mnt[N_H][PATH_MAX], root[N_H][PATH_MAX];
    int mounted[N_H] = {0};
    /* OVERHEAD_CGROUP_FAKE=DIR: DIR/mountinfo and DIR/cgroup stand for /proc/self's, so that tests can put the
     * helper on a fake cgroupfs (a directory tree) of a kind this machine does not have. */
    const char *fake = getenv("OVERHEAD_CGROUP_FAKE");
    char mountinfo[PATH_MAX], cgroup[PATH_MAX];
    snprintf(mountinfo, sizeof mountinfo, "%.4000s", fake ? fake : "/proc/self");
    snprintf(cgroup, sizeof cgroup, "%.4000s/cgroup", fake ? fake : "/proc/self");
    strcat(mountinfo, "/mountinfo");
    FILE *f = fopen(mountinfo, "re");
    char line[4096];
    while (f && fgets(line, sizeof line, f)) {
        char r[PATH_MAX], m[PATH_MAX], fstype[64], opts[1024];
        char *dash = strstr(line, " - ");
        if (!dash || sscanf(line, "%*s %*s %*s %4095s %4095s", r, m) != 2) continue;
        if (sscanf(dash + 3, "%63s %*s %1023s", fstype, opts) != 2) continue;
        for (int i = 0; i < N_H; i++) {
            int match = i == H_V2 ? strcmp(fstype, "cgroup2") == 0
                                  : strcmp(fstype, "cgroup") == 0 && cg_has_word(opts, v1_name[i]);
            if (match && !mounted[i]) {
                mounted[i] = 1;
                snprintf(mnt[i], PATH_MAX, "%s", m);
                snprintf(root[i], PATH_MAX, "%s", r);
            }
        }
    }
    if (f) fclose(f);
    if (mounted[H_V2]) snprintf(v2_mount, PATH_MAX, "%s", mnt[H_V2]);
    f = fopen(cgroup, "re");
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2) continue;
        *c1 = *c2 = 0;
        const char *controllers = c1 + 1, *path = c2 + 1;
        for (int i = 0; i < N_H; i++) {
            int match = i == H_V2 ? strcmp(line, "0") == 0 && !controllers[0] : cg_has_word(controllers, v1_name[i]);
            if (!match || !mounted[i]) continue;
            size_t rl = strcmp(root[i], "/") == 0 ? 0 : strlen(root[i]);
            if (rl && strncmp(path, root[i], rl) != 0) continue; /* outside the mounted subtree */
            snprintf(hier[i].base, PATH_MAX, "%s%s", mnt[i], path + rl);
            size_t bl = strlen(hier[i].base);
            if (bl > 1 && hier[i].base[bl - 1] == '/') hier[i].base[bl - 1] = 0;
            snprintf(hier[i].home, PATH_MAX, "%s", hier[i].base);
            hier[i].found = 1;
        }
    }
    if (f) fclose(f);
}

/* "+memory +cpu +io", of these the ones a cgroup.controllers list has: written at once, since the kernel takes
 * such a list whole or not at all. */
static void wanted(const char *available, char out[32]) {
    out[0] = 0;
    if (cg_has_word(available, "memory")) strcat(out, "+memory ");
    if (cg_has_word(available, "cpu")) strcat(out, "+cpu ");
    if (cg_has_word(available, "io")) strcat(out, "+io ");
    if (out[0]) out[strlen(out) - 1] = 0;
}

/* cgroup v2 gives a child only the controllers its parent delegates (cgroup.subtree_control), and a
 * cgroup with processes other than the root cannot delegate. Where this process's cgroup has the
 * controllers but does not delegate them, and nobody but the JVM and the helper is in it (a scope
 * made for overhead: systemd-run --user --scope -p Delegate=yes), both move into a leaf of it and
 * it delegates, as BenchExec does. */
static void delegate(void) {
    char buf[8192], want[256];
    if (cg_slurp(hier[H_V2].base, "cgroup.controllers", want, sizeof want) < 0) return;
    if (!cg_has_word(want, "memory") && !cg_has_word(want, "io")) return;
    if (cg_slurp(hier[H_V2].base, "cgroup.procs", buf, sizeof buf) < 0) return;
    pid_t self = getpid(), parent = getppid();
    int parent_in = 0;
    for (char *p = buf; *p;) {
        pid_t pid = (pid_t)strtol(p, &p, 10);
        if (pid != self && pid != parent && pid != 0) return; /* someone else's cgroup: leave it as it is */
        if (pid == parent) parent_in = 1;
        while (*p == '\n') p++;
    }
    char leaf[PATH_MAX];
    snprintf(leaf, sizeof leaf, "%.4000s/overhead-%d", hier[H_V2].base, (int)parent);
    if (mkdir(leaf, 0755) < 0 && errno != EEXIST) return;
    char pid_text[32];
    snprintf(pid_text, sizeof pid_text, "%d", (int)parent);
    /* the JVM moves only where it was in the cgroup (a scope made for the helper alone holds just the helper) */
    if ((parent_in && cg_put(leaf, "cgroup.procs", pid_text) != 0) || cg_put(leaf, "cgroup.procs", "0") != 0)
        return;
    snprintf(hier[H_V2].home, PATH_MAX, "%s", leaf);
    char enable[32];
    wanted(want, enable);
    cg_put(hier[H_V2].base, "cgroup.subtree_control", enable);
}

/* cgroup v2 as root on a typical systemd host: the memory controller exists, but this process sits in a cgroup
 * with other processes (a login session's scope, a service), which cannot delegate it (the no-internal-processes
 * rule). BenchExec then asks systemd for a scope of its own, or uses a cgroup made for it at the top of the
 * hierarchy (its /benchexec fallback, which its container script makes with mkdir and +controllers). Root can make
 * that cgroup itself: a cgroup of its own under the hierarchy's root, overhead-PID, delegating memory, cpu and io,
 * with the helper alone in a leaf of it; the runs' cgroups are made beside the leaf. The JVM stays where it is. At
 * the helper's end it moves back and removes both (discard). 0 where the subtree is in use, else a reason. */
static const char *own_subtree(const char *controllers) {
    if (!v2_mount[0]) return "cgroup v2 is not mounted";
    if (!cg_has_word(controllers, "memory"))
        return "cgroup v2 has no memory controller on this machine (cgroup v1's may have it)";
    if (geteuid() != 0)
        return "only root can make a cgroup of its own at the top of the hierarchy; run overhead as root, or in a"
               " delegated scope: systemd-run --user --scope -p Delegate=yes overhead ...";
    char base[PATH_MAX], leaf[PATH_MAX];
    snprintf(base, sizeof base, "%.4000s/overhead-%d", v2_mount, (int)getpid());
    snprintf(leaf, sizeof leaf, "%.4000s/helper", base);
    static char why[PATH_MAX + 200];
    if (mkdir(base, 0755) < 0 && errno != EEXIST) {
        snprintf(why, sizeof why, "cannot make a cgroup of its own (mkdir %.4000s: %s)", base, strerror(errno));
        return why;
    }
    /* Delegate before any process is inside (the rule again); the top already delegates them where systemd runs. */
    char enable[32];
    wanted(controllers, enable);
    cg_put(v2_mount, "cgroup.subtree_control", enable);
    int err = cg_put(base, "cgroup.subtree_control", enable);
    if (err == 0 && (mkdir(leaf, 0755) == 0 || errno == EEXIST)) err = cg_put(leaf, "cgroup.procs", "0");
    else if (err == 0) err = errno;
    if (err) {
        rmdir(leaf);
        rmdir(base);
        snprintf(why, sizeof why, "cannot delegate the memory controller in a cgroup of its own (%.4000s: %s)", base,
                 strerror(err));
        return why;
    }
    snprintf(came_from, PATH_MAX, "%s", hier[H_V2].base);
    snprintf(own_base, PATH_MAX, "%s", base);
    snprintf(hier[H_V2].base, PATH_MAX, "%s", base);
    snprintf(hier[H_V2].home, PATH_MAX, "%s", leaf);
    return NULL;
}

/* Removes the run cgroups of helpers that are gone (killed with -9 between two runs): empty ones only. */
static void sweep(void) {
    for (int i = 0; i < N_H; i++) {
        DIR *d = hier[i].found ? opendir(hier[i].base) : NULL;
        struct dirent *e;
        while (d && (e = readdir(d))) {
            int pid;
            char path[PATH_MAX + 256];
            if (sscanf(e->d_name, "overhead-run-%d-", &pid) != 1 || (kill(pid, 0) == 0 || errno != ESRCH)) continue;
            snprintf(path, sizeof path, "%s/%s", hier[i].base, e->d_name);
            rmdir(path);
        }
        if (d) closedir(d);
    }
    /* and the subtrees of own_subtree whose helper is gone: their runs' cgroups, the leaf, the subtree */
    DIR *d = v2_mount[0] ? opendir(v2_mount) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        int pid;
        char base[PATH_MAX + 256], path[PATH_MAX + 512];
        if (sscanf(e->d_name, "overhead-%d", &pid) != 1 || kill(pid, 0) == 0 || errno != ESRCH)
            continue;
        snprintf(base, sizeof base, "%s/%s", v2_mount, e->d_name);
        DIR *runs = opendir(base);
        struct dirent *r;
        while (runs && (r = readdir(runs))) {
            if (r->d_name[0] == '.') continue;
            snprintf(path, sizeof path, "%s/%s", base, r->d_name);
            rmdir(path);
        }
        if (runs) closedir(runs);
        rmdir(base);
    }
    if (d) closedir(d);
}

void cg_find(char *subtree_control, size_t size, char *why, size_t why_size) {
    locate();
    sweep();
    subtree_control[0] = 0;
    if (!hier[H_V2].found) return;
    char top[256] = "";
    if (cg_slurp(hier[H_V2].base, "cgroup.subtree_control", subtree_control, size) >= 0 &&
        !cg_has_word(subtree_control, "memory")) {
        delegate();
        cg_slurp(hier[H_V2].base, "cgroup.subtree_control", subtree_control, size);
    }
    if (!cg_has_word(subtree_control, "memory") && cg_slurp(v2_mount, "cgroup.controllers", top, sizeof top) >= 0) {
        const char *not_own = own_subtree(top);
        if (not_own) snprintf(why, why_size, "%s", not_own);
        else cg_slurp(hier[H_V2].base, "cgroup.subtree_control", subtree_control, size);
    }
}

void cg_release(void) {
    if (!own_base[0]) return;
    cg_put(came_from, "cgroup.procs", "0"); /* back to where the helper came from, so that its own subtree can go */
    rmdir(hier[H_V2].home);
    rmdir(own_base);
}

/* See overhead-tree.h. Written by hand: no maintained C library does cgroup v1 and v2 both, and the
 * helper must stay one small file set that any C compiler builds. BenchExec's cgroups code was read
 * for the order of steps (make, join, kill what is left, read, remove), not copied. */
#define _GNU_SOURCE
#include "overhead-tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The hierarchies a run may need: the unified one, and the v1 ones with the controllers v2 lacks.
 * Block I/O comes from v2's io controller only: v1 blkio counts bytes only where throttling applies
 * (checked: 20 MiB written with O_DIRECT showed "Total 0"), and a 0 that means "not counted" would
 * be a wrong figure, not an absent one. */
enum { H_V2, H_MEM, H_CPU, N_H };
static const char *const v1_name[N_H] = {NULL, "memory", "cpuacct"};

static struct {
    int found;    /* mounted, and this process's place in it is known */
    int broken;   /* a cgroup could not be made or joined here: not tried again */
    int made;     /* this run's cgroup exists */
    char base[PATH_MAX], home[PATH_MAX], run[PATH_MAX];
} h[N_H];

/* cgroup v2 as root where this process's own cgroup cannot delegate (see own_subtree): the subtree made for the
 * helper at the top of the hierarchy, and the cgroup it came from, to go back to when it ends. */
static char own_base[PATH_MAX], came_from[PATH_MAX];
static char v2_mount[PATH_MAX];

static int initialized, v2_memory, v2_io, have_psi;
static char v2_why[PATH_MAX + 200]; /* why cgroup v2 gives no memory figure, where own_subtree said */
static int mem_at = -1, cpu_at = -1, io_at = -1, psi_at = -1; /* the hierarchy that gives each figure */
static char failed_why[600]; /* a cgroup that could not be made or joined: says it best */
static char missing_why[600]; /* else which figures this machine's cgroups cannot give */

const char *tree_why(void) { return failed_why[0] ? failed_why : missing_why; }

static void set_why(const char *fmt, const char *path, int err) {
    if (!failed_why[0]) snprintf(failed_why, sizeof failed_why, fmt, path, strerror(err));
}

/* Reads a small file whole; its length, or -1. */
static ssize_t slurp(const char *dir, const char *name, char *buf, size_t size) {
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
static int put_file(const char *dir, const char *name, const char *s) {
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return errno;
    ssize_t n = write(fd, s, strlen(s));
    int err = n < 0 ? errno : 0;
    close(fd);
    return err;
}

static int has_word(const char *list, const char *word) {
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
                                  : strcmp(fstype, "cgroup") == 0 && has_word(opts, v1_name[i]);
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
            int match = i == H_V2 ? strcmp(line, "0") == 0 && !controllers[0] : has_word(controllers, v1_name[i]);
            if (!match || !mounted[i]) continue;
            size_t rl = strcmp(root[i], "/") == 0 ? 0 : strlen(root[i]);
            if (rl && strncmp(path, root[i], rl) != 0) continue; /* outside the mounted subtree */
            snprintf(h[i].base, PATH_MAX, "%s%s", mnt[i], path + rl);
            size_t bl = strlen(h[i].base);
            if (bl > 1 && h[i].base[bl - 1] == '/') h[i].base[bl - 1] = 0;
            snprintf(h[i].home, PATH_MAX, "%s", h[i].base);
            h[i].found = 1;
        }
    }
    if (f) fclose(f);
}

/* "+memory +cpu +io", of these the ones a cgroup.controllers list has: written at once, since the kernel takes
 * such a list whole or not at all. */
static void wanted(const char *available, char out[32]) {
    out[0] = 0;
    if (has_word(available, "memory")) strcat(out, "+memory ");
    if (has_word(available, "cpu")) strcat(out, "+cpu ");
    if (has_word(available, "io")) strcat(out, "+io ");
    if (out[0]) out[strlen(out) - 1] = 0;
}

/* cgroup v2 gives a child only the controllers its parent delegates (cgroup.subtree_control), and a
 * cgroup with processes other than the root cannot delegate. Where this process's cgroup has the
 * controllers but does not delegate them, and nobody but the JVM and the helper is in it (a scope
 * made for overhead: systemd-run --user --scope -p Delegate=yes), both move into a leaf of it and
 * it delegates, as BenchExec does. */
static void delegate(void) {
    char buf[8192], want[256];
    if (slurp(h[H_V2].base, "cgroup.controllers", want, sizeof want) < 0) return;
    if (!has_word(want, "memory") && !has_word(want, "io")) return;
    if (slurp(h[H_V2].base, "cgroup.procs", buf, sizeof buf) < 0) return;
    pid_t self = getpid(), parent = getppid();
    int parent_in = 0;
    for (char *p = buf; *p;) {
        pid_t pid = (pid_t)strtol(p, &p, 10);
        if (pid != self && pid != parent && pid != 0) return; /* someone else's cgroup: leave it as it is */
        if (pid == parent) parent_in = 1;
        while (*p == '\n') p++;
    }
    char leaf[PATH_MAX];
    snprintf(leaf, sizeof leaf, "%.4000s/overhead-%d", h[H_V2].base, (int)parent);
    if (mkdir(leaf, 0755) < 0 && errno != EEXIST) return;
    char pid_text[32];
    snprintf(pid_text, sizeof pid_text, "%d", (int)parent);
    /* the JVM moves only where it was in the cgroup (a scope made for the helper alone holds just the helper) */
    if ((parent_in && put_file(leaf, "cgroup.procs", pid_text) != 0) || put_file(leaf, "cgroup.procs", "0") != 0)
        return;
    snprintf(h[H_V2].home, PATH_MAX, "%s", leaf);
    char enable[32];
    wanted(want, enable);
    put_file(h[H_V2].base, "cgroup.subtree_control", enable);
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
    if (!has_word(controllers, "memory"))
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
    put_file(v2_mount, "cgroup.subtree_control", enable);
    int err = put_file(base, "cgroup.subtree_control", enable);
    if (err == 0 && (mkdir(leaf, 0755) == 0 || errno == EEXIST)) err = put_file(leaf, "cgroup.procs", "0");
    else if (err == 0) err = errno;
    if (err) {
        rmdir(leaf);
        rmdir(base);
        snprintf(why, sizeof why, "cannot delegate the memory controller in a cgroup of its own (%.4000s: %s)", base,
                 strerror(err));
        return why;
    }
    snprintf(came_from, PATH_MAX, "%s", h[H_V2].base);
    snprintf(own_base, PATH_MAX, "%s", base);
    snprintf(h[H_V2].base, PATH_MAX, "%s", base);
    snprintf(h[H_V2].home, PATH_MAX, "%s", leaf);
    return NULL;
}

/* Removes the run cgroups of helpers that are gone (killed with -9 between two runs): empty ones only. */
static void sweep(void) {
    for (int i = 0; i < N_H; i++) {
        DIR *d = h[i].found ? opendir(h[i].base) : NULL;
        struct dirent *e;
        while (d && (e = readdir(d))) {
            int pid;
            char path[PATH_MAX + 256];
            if (sscanf(e->d_name, "overhead-run-%d-", &pid) != 1 || (kill(pid, 0) == 0 || errno != ESRCH)) continue;
            snprintf(path, sizeof path, "%s/%s", h[i].base, e->d_name);
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

static void discard(void);

static void init(void) {
    initialized = 1;
    locate();
    sweep();
    atexit(discard); /* however the helper ends, the cgroups it made ahead go */
    if (h[H_V2].found) {
        char sub[256] = "", top[256] = "";
        if (slurp(h[H_V2].base, "cgroup.subtree_control", sub, sizeof sub) >= 0 && !has_word(sub, "memory")) {
            delegate();
            slurp(h[H_V2].base, "cgroup.subtree_control", sub, sizeof sub);
        }
        if (!has_word(sub, "memory") && slurp(v2_mount, "cgroup.controllers", top, sizeof top) >= 0) {
            const char *why = own_subtree(top);
            if (why) snprintf(v2_why, sizeof v2_why, "%s", why);
            else slurp(h[H_V2].base, "cgroup.subtree_control", sub, sizeof sub);
        }
        v2_memory = has_word(sub, "memory");
        v2_io = has_word(sub, "io");
        have_psi = access("/proc/pressure/cpu", R_OK) == 0;
    }
}

/* Which hierarchy gives each figure, given the ones that broke: v2 first, v1 where v2 cannot. */
static void assign(void) {
    int v2 = h[H_V2].found && !h[H_V2].broken;
    mem_at = v2 && v2_memory ? H_V2 : h[H_MEM].found && !h[H_MEM].broken ? H_MEM : -1;
    cpu_at = v2 ? H_V2 : h[H_CPU].found && !h[H_CPU].broken ? H_CPU : -1;
    io_at = v2 && v2_io ? H_V2 : -1;
    psi_at = v2 && have_psi ? H_V2 : -1;
    char *why = missing_why;
    why[0] = 0;
    if (mem_at < 0 && !h[H_V2].found && !h[H_MEM].found) {
        snprintf(why, sizeof missing_why, "no cgroup hierarchy is mounted");
        return;
    }
    size_t n = 0;
    if (mem_at < 0)
        n += snprintf(why + n, sizeof missing_why - n, "%scgroup v2 does not delegate the memory controller to child cgroups of %.200s%s%.300s",
                      n ? "; " : "", h[H_V2].base, v2_why[0] ? ", and " : "", v2_why);
    if (io_at < 0 && n < sizeof missing_why)
        n += snprintf(why + n, sizeof missing_why - n, "%sblock I/O needs the io controller of cgroup v2%s", n ? "; " : "",
                      h[H_V2].found ? ", which is not delegated to child cgroups here" : "");
    if (psi_at < 0 && n < sizeof missing_why)
        snprintf(why + n, sizeof missing_why - n, "%sstall times need cgroup v2 and a kernel with PSI", n ? "; " : "");
}

static int used(int i) { return i == mem_at || i == cpu_at || i == io_at || i == psi_at; }

static int64_t self_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Leaves every cgroup of the run and removes them; they must hold no process by then. */
static void leave(void) {
    for (int i = 0; i < N_H; i++)
        if (h[i].made) put_file(h[i].home, "cgroup.procs", "0");
}

static void remove_all(void) {
    for (int i = 0; i < N_H; i++) {
        if (!h[i].made) continue;
        /* A killed process leaves its cgroups a moment after the signal; wait for that. */
        for (int k = 0; rmdir(h[i].run) < 0 && errno == EBUSY && k < 2000; k++) {
            struct timespec ms = {0, 1000000};
            nanosleep(&ms, NULL);
        }
        h[i].made = 0;
    }
}

void tree_begin(tree_t *t) {
    static int seq;
    memset(t, 0, sizeof *t);
    if (!initialized) init();
    for (int attempt = 0; attempt <= N_H; attempt++) {
        assign();
        if (mem_at < 0 && cpu_at < 0) return;
        t->seq = ++seq;
        int failed = -1, err = 0;
        const char *what = "";
        for (int i = 0; i < N_H && failed < 0; i++) {
            if (!used(i) || h[i].made) continue; /* made ahead, after the last run's reply */
            snprintf(h[i].run, PATH_MAX, "%.4000s/overhead-run-%d-%d", h[i].base, (int)getpid(), t->seq);
            if (mkdir(h[i].run, 0755) < 0) failed = i, err = errno, what = "cannot make a cgroup for the run (mkdir %s: %s)";
            else h[i].made = 1;
        }
        for (int i = 0; i < N_H && failed < 0; i++) {
            if (!h[i].made) continue;
            if ((err = put_file(h[i].run, "cgroup.procs", "0")) != 0)
                failed = i, what = "cannot move into the run's cgroup %s (%s)";
        }
        if (failed < 0) {
            t->active = 1;
            t->self_cpu = self_cpu_ns();
            return;
        }
        set_why(what, h[failed].run, err);
        h[failed].broken = 1;
        leave();
        remove_all();
    }
}

/* The value after "key" (followed by a space or '='), or -1. */
static int64_t field(const char *text, const char *key) {
    size_t n = strlen(key);
    for (const char *p = text; (p = strstr(p, key)) != NULL; p += n)
        if ((p == text || p[-1] == '\n' || p[-1] == ' ') && (p[n] == ' ' || p[n] == '='))
            return strtoll(p + n + 1, NULL, 10);
    return -1;
}

/* Sums a per-device figure of io.stat ("rbytes=") over the devices. */
static int64_t per_device_sum(const char *text, const char *key) {
    int64_t sum = 0;
    size_t n = strlen(key);
    for (const char *p = text; (p = strstr(p, key)) != NULL; p += n)
        if (p > text && p[-1] == ' ' && (p[n] == ' ' || p[n] == '=')) sum += strtoll(p + n + 1, NULL, 10);
    return sum;
}

static void measured(tree_t *t, int i, int64_t v) {
    if (v >= 0) t->has[i] = 1, t->value[i] = v;
}

static void read_figures(tree_t *t, int64_t self) {
    char buf[16384];
    if (mem_at == H_V2 && slurp(h[H_V2].run, "memory.peak", buf, sizeof buf) > 0)
        measured(t, TREE_MEM_BYTES, strtoll(buf, NULL, 10));
    else if (mem_at == H_MEM && slurp(h[H_MEM].run, "memory.max_usage_in_bytes", buf, sizeof buf) > 0)
        measured(t, TREE_MEM_BYTES, strtoll(buf, NULL, 10));
    int64_t cpu = -1;
    if (cpu_at == H_V2 && slurp(h[H_V2].run, "cpu.stat", buf, sizeof buf) > 0) {
        int64_t us = field(buf, "usage_usec");
        cpu = us < 0 ? -1 : us * 1000;
    } else if (cpu_at == H_CPU && slurp(h[H_CPU].run, "cpuacct.usage", buf, sizeof buf) > 0) {
        cpu = strtoll(buf, NULL, 10);
    }
    if (cpu >= 0) measured(t, TREE_CPU_NS, cpu > self ? cpu - self : 0);
    if (io_at == H_V2 && slurp(h[H_V2].run, "io.stat", buf, sizeof buf) >= 0) {
        measured(t, TREE_IO_READ_BYTES, per_device_sum(buf, "rbytes"));
        measured(t, TREE_IO_WRITE_BYTES, per_device_sum(buf, "wbytes"));
    }
    static const char *const psi_file[3] = {"cpu.pressure", "memory.pressure", "io.pressure"};
    for (int k = 0; k < 3 && psi_at == H_V2; k++) {
        if (slurp(h[H_V2].run, psi_file[k], buf, sizeof buf) <= 0) continue;
        char *some = strstr(buf, "some ");
        char *total = some ? strstr(some, "total=") : NULL;
        if (total) measured(t, PSI_CPU_US + k, strtoll(total + 6, NULL, 10));
    }
}

/* Whether any cgroup of the run still holds a process; kills them where kill is set. */
static int occupied(int kill_them) {
    char buf[8192];
    int any = 0;
    for (int i = 0; i < N_H; i++) {
        if (!h[i].made || slurp(h[i].run, "cgroup.procs", buf, sizeof buf) <= 0) continue;
        for (char *p = buf; *p;) {
            pid_t pid = (pid_t)strtol(p, &p, 10);
            while (*p == '\n') p++;
            if (pid <= 0) continue;
            any = 1;
            if (kill_them) kill(pid, SIGKILL);
        }
    }
    return any;
}

void tree_end(tree_t *t) {
    if (!t->active) return;
    int64_t self = self_cpu_ns() - t->self_cpu;
    leave();
    t->active = 0;
    if (occupied(0)) { /* the command left processes behind, perhaps outside its process group */
        t->left_behind = 1;
        if (!h[H_V2].made || put_file(h[H_V2].run, "cgroup.kill", "1") != 0) occupied(1);
        for (int k = 0; occupied(k % 100 == 99) && k < 5000; k++) {
            struct timespec ms = {0, 1000000};
            nanosleep(&ms, NULL);
        }
    }
    read_figures(t, self);
    t->to_remove = 1;
}

void tree_after_reply(tree_t *t) {
    if (!t->to_remove) return;
    t->to_remove = 0;
    remove_all();
    /* The next run's cgroups, made now while the JVM stores this run, rather than in its way. */
    static int seq_ahead = 1000000;
    for (int i = 0; i < N_H; i++) {
        if (!used(i) || h[i].broken) continue;
        snprintf(h[i].run, PATH_MAX, "%.4000s/overhead-run-%d-%d", h[i].base, (int)getpid(), ++seq_ahead);
        if (mkdir(h[i].run, 0755) == 0) h[i].made = 1;
    }
}

static void discard(void) {
    for (int i = 0; i < N_H; i++)
        if (h[i].made && !h[i].broken) rmdir(h[i].run);
    if (own_base[0]) { /* back to where the helper came from, so that its own subtree can go */
        put_file(came_from, "cgroup.procs", "0");
        rmdir(h[H_V2].home);
        rmdir(own_base);
    }
}

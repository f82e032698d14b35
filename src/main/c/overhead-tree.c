/* See overhead-tree.h. Written by hand: no maintained C library does cgroup v1 and v2 both, and the
 * helper must stay one small file set that any C compiler builds. BenchExec's cgroups code was read
 * for the order of steps (make, join, kill what is left, read, remove), not copied. */
#define _GNU_SOURCE
#include "overhead-tree.h"
#include "overhead-cgroups.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int initialized, v2_memory, v2_io, have_psi;
static char v2_why[PATH_MAX + 200]; /* why cgroup v2 gives no memory figure, where cg_find said */
static int mem_at = -1, cpu_at = -1, io_at = -1, psi_at = -1; /* the hierarchy that gives each figure */
static char failed_why[600]; /* a cgroup that could not be made or joined: says it best */
static char missing_why[600]; /* else which figures this machine's cgroups cannot give */

const char *tree_why(void) { return failed_why[0] ? failed_why : missing_why; }

static void set_why(const char *fmt, const char *path, int err) {
    if (!failed_why[0]) snprintf(failed_why, sizeof failed_why, fmt, path, strerror(err));
}

static void discard(void);

static void init(void) {
    initialized = 1;
    atexit(discard); /* however the helper ends, the cgroups it made ahead go */
    char sub[256];
    cg_find(sub, sizeof sub, v2_why, sizeof v2_why);
    if (hier[H_V2].found) {
        v2_memory = cg_has_word(sub, "memory");
        v2_io = cg_has_word(sub, "io");
        have_psi = access("/proc/pressure/cpu", R_OK) == 0;
    }
}

/* Which hierarchy gives each figure, given the ones that broke: v2 first, v1 where v2 cannot. */
static void assign(void) {
    int v2 = hier[H_V2].found && !hier[H_V2].broken;
    mem_at = v2 && v2_memory ? H_V2 : hier[H_MEM].found && !hier[H_MEM].broken ? H_MEM : -1;
    cpu_at = v2 ? H_V2 : hier[H_CPU].found && !hier[H_CPU].broken ? H_CPU : -1;
    io_at = v2 && v2_io ? H_V2 : -1;
    psi_at = v2 && have_psi ? H_V2 : -1;
    char *why = missing_why;
    why[0] = 0;
    if (mem_at < 0 && !hier[H_V2].found && !hier[H_MEM].found) {
        snprintf(why, sizeof missing_why, "no cgroup hierarchy is mounted");
        return;
    }
    size_t n = 0;
    if (mem_at < 0)
        n += snprintf(why + n, sizeof missing_why - n, "%scgroup v2 does not delegate the memory controller to child cgroups of %.200s%s%.300s",
                      n ? "; " : "", hier[H_V2].base, v2_why[0] ? ", and " : "", v2_why);
    if (io_at < 0 && n < sizeof missing_why)
        n += snprintf(why + n, sizeof missing_why - n, "%sblock I/O needs the io controller of cgroup v2%s", n ? "; " : "",
                      hier[H_V2].found ? ", which is not delegated to child cgroups here" : "");
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
        if (hier[i].made) cg_put(hier[i].home, "cgroup.procs", "0");
}

static void remove_all(void) {
    for (int i = 0; i < N_H; i++) {
        if (!hier[i].made) continue;
        /* A killed process leaves its cgroups a moment after the signal; wait for that. */
        for (int k = 0; rmdir(hier[i].run) < 0 && errno == EBUSY && k < 2000; k++) {
            struct timespec ms = {0, 1000000};
            nanosleep(&ms, NULL);
        }
        hier[i].made = 0;
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
            if (!used(i) || hier[i].made) continue; /* made ahead, after the last run's reply */
            snprintf(hier[i].run, PATH_MAX, "%.4000s/overhead-run-%d-%d", hier[i].base, (int)getpid(), t->seq);
            if (mkdir(hier[i].run, 0755) < 0) failed = i, err = errno, what = "cannot make a cgroup for the run (mkdir %s: %s)";
            else hier[i].made = 1;
        }
        for (int i = 0; i < N_H && failed < 0; i++) {
            if (!hier[i].made) continue;
            if ((err = cg_put(hier[i].run, "cgroup.procs", "0")) != 0)
                failed = i, what = "cannot move into the run's cgroup %s (%s)";
        }
        if (failed < 0) {
            t->active = 1;
            t->self_cpu = self_cpu_ns();
            return;
        }
        set_why(what, hier[failed].run, err);
        hier[failed].broken = 1;
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
    if (mem_at == H_V2 && cg_slurp(hier[H_V2].run, "memory.peak", buf, sizeof buf) > 0)
        measured(t, TREE_MEM_BYTES, strtoll(buf, NULL, 10));
    else if (mem_at == H_MEM && cg_slurp(hier[H_MEM].run, "memory.max_usage_in_bytes", buf, sizeof buf) > 0)
        measured(t, TREE_MEM_BYTES, strtoll(buf, NULL, 10));
    int64_t cpu = -1;
    if (cpu_at == H_V2 && cg_slurp(hier[H_V2].run, "cpu.stat", buf, sizeof buf) > 0) {
        int64_t us = field(buf, "usage_usec");
        cpu = us < 0 ? -1 : us * 1000;
    } else if (cpu_at == H_CPU && cg_slurp(hier[H_CPU].run, "cpuacct.usage", buf, sizeof buf) > 0) {
        cpu = strtoll(buf, NULL, 10);
    }
    if (cpu >= 0) measured(t, TREE_CPU_NS, cpu > self ? cpu - self : 0);
    if (io_at == H_V2 && cg_slurp(hier[H_V2].run, "io.stat", buf, sizeof buf) >= 0) {
        measured(t, TREE_IO_READ_BYTES, per_device_sum(buf, "rbytes"));
        measured(t, TREE_IO_WRITE_BYTES, per_device_sum(buf, "wbytes"));
    }
    static const char *const psi_file[3] = {"cpu.pressure", "memory.pressure", "io.pressure"};
    for (int k = 0; k < 3 && psi_at == H_V2; k++) {
        if (cg_slurp(hier[H_V2].run, psi_file[k], buf, sizeof buf) <= 0) continue;
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
        if (!hier[i].made || cg_slurp(hier[i].run, "cgroup.procs", buf, sizeof buf) <= 0) continue;
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
        if (!hier[H_V2].made || cg_put(hier[H_V2].run, "cgroup.kill", "1") != 0) occupied(1);
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
        if (!used(i) || hier[i].broken) continue;
        snprintf(hier[i].run, PATH_MAX, "%.4000s/overhead-run-%d-%d", hier[i].base, (int)getpid(), ++seq_ahead);
        if (mkdir(hier[i].run, 0755) == 0) hier[i].made = 1;
    }
}

static void discard(void) {
    for (int i = 0; i < N_H; i++)
        if (hier[i].made && !hier[i].broken) rmdir(hier[i].run);
    cg_release();
}

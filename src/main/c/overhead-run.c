/*
 * One run of the forking helper: start the command, wait for it, reply. The measured interval (the
 * clock read just before vfork in spawn, and right after wait4 in wait_run) is all in this file, so
 * that what the compiler inlined into it stays inlined; the waiting's handlers are in overhead-wait.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "overhead-counters.h"
#include "overhead-path.h"
#include "overhead-spawner.h"
#include "overhead-tree.h"

static const char *stage_name(char c) {
    switch (c) {
    case 'o': return "redirect";
    case 'd': return "chdir";
    case 'n': return "nice";
    case 'p': return "affinity";
    case 'a': return "personality";
    default: return "exec";
    }
}

/* The counted start: fork, open the counters on the child, let it exec, and wait until it has
 * (the error pipe closes on exec) or has failed (it writes stage and errno). Signals are blocked
 * by the caller, as for vfork. -1 with *err set where the fork could not be made. */
static pid_t spawn_counted(request_t *r, char **envp, const char *path, io_t *io, counters_t *ctr, int *err) {
    for (int i = 0; i < N_COUNTERS; i++) ctr->fd[i] = -1;
    int go[2], failp[2];
    if (pipe2(go, O_CLOEXEC) < 0) return *err = errno, -1;
    if (pipe2(failp, O_CLOEXEC) < 0) {
        *err = errno;
        close(go[0]);
        close(go[1]);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(go[1]);
        close(failp[0]);
        fail_fd = failp[1];
        child(r, envp, path, io->child_out, io->child_err, go[0]);
    }
    if (pid < 0) *err = errno;
    close(go[0]);
    close(failp[1]);
    if (pid > 0) {
        counters_open(ctr, pid);
        ssize_t ignored = write(go[1], "g", 1);
        (void)ignored;
    }
    close(go[1]);
    if (pid > 0) {
        char msg[1 + sizeof(int)];
        ssize_t n;
        do n = read(failp[0], msg, sizeof msg); while (n < 0 && errno == EINTR);
        if (n == (ssize_t)sizeof msg) {
            fail_stage = msg[0];
            int e;
            memcpy(&e, msg + 1, sizeof e);
            fail_errno = e;
        }
    }
    close(failp[0]);
    return pid;
}

/* The plain start, in a function of its own: nothing of the caller's frame is live across vfork. */
static __attribute__((noinline)) pid_t spawn_vfork(request_t *r, char **envp, const char *path, io_t *io) {
    pid_t pid = vfork();
    if (pid == 0) child(r, envp, path, io->child_out, io->child_err, -1);
    return pid;
}

/* Starts the command; 0, or an errno with *stage naming the step that failed (a child that failed
 * before exec has been reaped). */
static int spawn(request_t *r, io_t *io, run_t *run, const char **stage) {
    char **envp = build_env(r);
    if (!envp) return *stage = "memory", ENOMEM;
    /* Where the command is, found before the clock starts (overhead-path.h); NULL: execvp looks. */
    const char *path = path_resolve(r->argv[0], envp, r->cwd);
    /* vfork, as posix_spawn does: no page tables to copy, and the parent resumes exactly when the
     * command has been exec'd (or has failed), so no error pipe is needed. Signals stay blocked
     * until the child has dropped what was pending; a signal sent to the child itself after that
     * finds the helper's two handlers, which do nothing outside the helper (they check the pid). */
    extern char **environ;
    char **saved_environ = environ;
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    fail_stage = 0;
    fail_errno = 0;
    path_missed = 0;
    int err = 0;
    run->t0 = now_ns();
    if (r->counters && !counters_known_absent(&run->ctr)) {
        run->counting = 1;
        run->pid = spawn_counted(r, envp, path, io, &run->ctr, &err);
    } else {
        run->pid = spawn_vfork(r, envp, path, io);
        if (run->pid < 0) err = errno;
    }
    environ = saved_environ;
    if (path_missed) path_forget(path); /* the next run looks again */
    int started = run->pid > 0 && !fail_stage;
    live.pid = started ? run->pid : 0;
    /* Straight to the waiting mask (one call): a timer or a cancel that came meanwhile acts now. */
    sigprocmask(SIG_SETMASK, started ? &wait_mask : &old, NULL);
    free(envp);
    close_fd(&io->out_w);
    close_fd(&io->err_w);
    if (run->pid < 0) return *stage = "fork", err;
    if (fail_stage) { /* the child never reached the command */
        while (waitpid(run->pid, NULL, 0) < 0 && errno == EINTR) {}
        run->pid = -1;
        return *stage = stage_name(fail_stage), fail_errno;
    }
    return 0;
}

/* Waits for the command's end; the command is reaped either way. 0, or the errno of a failed wait4
 * (the command has then been killed: its figures are not a measurement). */
static int wait_run(run_t *run) {
    pid_t w;
    do w = wait4(run->pid, &run->status, 0, &run->ru); while (w < 0 && errno == EINTR);
    run->t1 = now_ns();
    sigprocmask(SIG_BLOCK, &wake_signals, NULL);
    int err = w < 0 ? errno : 0;
    if (err) {
        kill(-run->pid, SIGKILL);
        while (wait4(run->pid, &run->status, 0, &run->ru) < 0 && errno == EINTR) {}
    }
    return err;
}

/* Where the helper's time outside the measured interval goes, per step, summed over the runs: only where
 * OVERHEAD_RUN_COSTS is set (docs/performance.md, "A whole study"); printed to stderr when the helper ends. */
enum { C_IO, C_TREE_BEGIN, C_START, C_TREE_END, C_REPLY, C_AFTER, N_COSTS };
static const char *const cost_name[N_COSTS] = {"opening output files", "making and joining the run's cgroups",
    "preparing the wait, spawning (outside the interval)", "leaving the cgroups, reading their figures",
    "draining output, encoding and sending the reply", "removing the cgroups, making the next run's (after the reply)"};
static int64_t cost_sum[N_COSTS], cost_last;
static int cost_on = -1, cost_runs;

static void cost_lap(int part) {
    if (!cost_on) return;
    int64_t t = now_ns();
    if (part >= 0) cost_sum[part] += t - cost_last;
    cost_last = t;
}

static void cost_print(void) {
    if (!cost_runs) return;
    fprintf(stderr, "overhead-spawner: per run outside the measured interval, over %d runs:\n", cost_runs);
    int64_t all = 0;
    for (int i = 0; i < N_COSTS; i++) {
        all += cost_sum[i];
        fprintf(stderr, "  %8.3f ms  %s\n", cost_sum[i] / 1e6 / cost_runs, cost_name[i]);
    }
    fprintf(stderr, "  %8.3f ms  in all\n", all / 1e6 / cost_runs);
}

/* One request, one reply: a failure on the way is an error reply, never the helper's end. */
void serve(request_t *r, int cancel_pending) {
    io_t io = IO_NONE;
    run_t run = {.pid = -1};
    tree_t tree = {0};
    const char *stage = "memory";
    if (cost_on < 0 && (cost_on = getenv("OVERHEAD_RUN_COSTS") != NULL)) atexit(cost_print);
    cost_lap(-1);
    int err = out_of_memory ? ENOMEM : open_io(r, &io, &stage);
    cost_lap(C_IO);
    if (!err && r->tree) tree_begin(&tree); /* the command is started inside the run's cgroups */
    cost_lap(C_TREE_BEGIN);
    if (!err) prepare_wait(r, &io, cancel_pending);
    if (!err) err = spawn(r, &io, &run, &stage);
    if (!err && live.killed) kill_live(); /* a cancel that came with the request */
    if (!err && (err = wait_run(&run)) != 0) stage = "poll";
    if (cost_on && !err) cost_sum[C_START] += run.t0 - cost_last, cost_last = run.t1;
    finish_wait(&run);
    tree_end(&tree); /* kills what the command left, wherever it went, before its pipes are drained */
    cost_lap(C_TREE_END);
    if (!err) end_run(r, &io, &run);
    if (tree.left_behind && !run.timed_out && !run.killed) run.left_behind = 1;
    if (err) {
        if (run.counting) counters_read(&run.ctr); /* closes them */
        if (sock_open) send_error(stage, err);
    } else if (sock_open) {
        put_result(r, &io, &run, &tree);
    } else if (run.counting) {
        counters_read(&run.ctr);
    }
    close_io(&io);
    cost_lap(C_REPLY);
    tree_after_reply(&tree);
    cost_lap(C_AFTER);
    if (cost_on) cost_runs++;
    if (!sock_open) exit(0);
}

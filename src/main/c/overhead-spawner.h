/*
 * What the parts of the forking helper share (overhead-spawner.c says what the helper is and its wire
 * protocol). One process, split by job:
 *   overhead-spawner.c  main: the helper's set-up once (signals, descriptors, the socket), the request loop
 *   overhead-wire.c     the wire protocol: reading requests, encoding and sending replies
 *   overhead-output.c   where the command's output goes and what of it is kept (pipes, anonymous files)
 *   overhead-child.c    the command's side of the fork, up to its exec
 *   overhead-run.c      one run: start, wait, reply; the measured interval, whole, in one file
 *   overhead-wait.c     waiting: the timer and the signal handlers, and the run they act on
 * Who owns what: each global below is defined in the file named beside it; the others only read it,
 * or write it where the comment says so.
 */
#ifndef OVERHEAD_SPAWNER_H
#define OVERHEAD_SPAWNER_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "overhead-counters.h"
#include "overhead-tree.h"

/* overhead-spawner.c, set once by main before the first request. */
extern int sock;
extern int sock_is_tty; /* the channel is a guest's serial port (overhead-spawner.c, open_serial) */
#define SERIAL_READY "overhead-spawner ready" /* the line written on a serial port before serving */
extern int sock_open; /* on_io sets it to 0 once the JVM is gone: finish the run in flight (killed), then exit */
extern int devnull; /* opened once: the command's output when discarded (its stdin is fd 0) */
extern pid_t helper_pid;
extern sigset_t wake_signals;           /* SIGIO and SIGALRM: blocked except while waiting in wait4 */
extern sigset_t wait_mask;              /* the helper's mask while it waits: the same, with those open */

/* The kernel's struct sigaction; all zero is SIG_DFL with no flags and an empty mask. */
struct ksigaction { void *handler; unsigned long flags; void *restorer; unsigned long mask; };

__attribute__((noreturn)) void die(const char *what); /* perror, then exit(2) */

/* Inline here because they are called inside the measured interval (overhead-run.c), where they were
 * inlined while the helper was one file; so is kill_live below. */
static inline int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static inline void close_fd(int *fd) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* ---- a fixed-size tail of a stream: output of any size costs at most cap bytes ---- */
typedef struct {
    char *buf;
    size_t cap, head, len; /* head: where the next byte goes */
} tail_t;

/* ---- one request ---- */
typedef struct {
    int64_t timeout_ns;
    int output, capture, has_nice, nice, no_aslr, counters, keep_group, tree;
    uint32_t ncpu, argc, envc;
    int32_t *cpus;
    char *file, *cwd, **argv, **env;
} request_t;

/* Where the command's output goes and what of it is kept. */
typedef struct {
    int dest;                       /* the output file, -1 if none */
    int out_r, out_w, err_r, err_w; /* pipes for stdout and stderr, -1 where not used */
    int out_f, err_f;               /* or anonymous files, where nothing is copied while it runs */
    off_t out_cut, err_cut;         /* how much of those files has been given back (hole punched) */
    int child_out, child_err;       /* the command's fd 1 and 2 */
    int tee_out, tee_err;           /* where its output is copied to as it comes, -1 for nowhere */
    tail_t out, err;
} io_t;

#define IO_NONE {.dest = -1, .out_r = -1, .out_w = -1, .err_r = -1, .err_w = -1, .out_f = -1, .err_f = -1}

/* One command in flight. */
typedef struct {
    pid_t pid;
    int counting;
    int64_t t0, t1;
    int status, timed_out, killed, left_behind;
    struct rusage ru;
    counters_t ctr;
} run_t;

/* The run being waited for, as the signal handlers see it (see "waiting" in overhead-wait.c, which
 * defines it). */
typedef struct {
    pid_t pid; /* the command, once started; 0 otherwise */
    int64_t deadline, kill_at;
    int timed_out, killed;
    io_t *io;
} live_t;
extern live_t live;

static inline void kill_live(void) {
    if (live.pid > 0) kill(-live.pid, SIGKILL);
    live.killed = 1;
    live.kill_at = -1;
}

/* overhead-wire.c: the request being read (main looks ahead in rbuf for a cancel behind it). */
extern unsigned char rbuf[65536];
extern size_t rpos, rlen;
extern int out_of_memory; /* an allocation for the request failed: it is read to its end, then refused */
int read_byte(void);
void read_request(request_t *r);
void free_request(request_t *r);
void send_error(const char *stage, int err);
void put_result(request_t *r, io_t *io, run_t *run, tree_t *tree);

/* overhead-output.c */
void tail_add(tail_t *t, const char *p, size_t n);
int drain(int fd, tail_t *t, int tee_fd);
int open_io(request_t *r, io_t *io, const char **stage);
void close_io(io_t *io);
void trim(int fd, off_t *cut, size_t keep);
void end_run(request_t *r, io_t *io, run_t *run);

/* overhead-child.c: what the child writes for the parent to read once vfork returns. */
extern volatile char fail_stage;
extern volatile int fail_errno;
extern int fail_fd;
extern volatile char path_missed;
char **build_env(request_t *r);
/* Never returns (it execs or _exits): declared so, the call in spawn_vfork compiles as it did in one file. */
__attribute__((noreturn)) void child(request_t *r, char **envp, const char *path, int out_fd, int err_fd, int go_fd);

/* overhead-run.c */
void serve(request_t *r, int cancel_pending);

/* overhead-wait.c */
void on_alarm(int sig);
void on_io(int sig);
void prepare_wait(request_t *r, io_t *io, int cancel_pending);
void finish_wait(run_t *run);

#endif

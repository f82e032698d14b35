/*
 * overhead-spawner: the forking helper of overhead's exec package.
 *
 * Why it exists: on Linux a child's ru_maxrss starts at its parent's peak, so a command spawned
 * straight from the JVM reports the JVM's ~60 MB. Forking from this small process (as GNU time
 * does) gives the command's own figure. It is started once and fed requests over a Unix socket,
 * so each run costs one fork+exec+wait4 from a small process.
 *
 * Usage: overhead-spawner SOCKET_PATH   (connects to the JVM, then serves until EOF)
 *
 * Wire protocol. All integers are big-endian; a str is a u32 length and that many bytes, passed
 * through unchanged (arguments, environment and paths are bytes, not text: no encoding is assumed).
 * The JVM sends, one run at a time:
 *   request  'R' i64 timeout_ns(0=none) u8 output(0 discard,1 inherit,2 file) str file
 *            i32 capture u8 has_nice i32 nice u8 no_aslr u32 ncpu i32*ncpu str cwd(""=none)
 *            u32 argc str*argc u32 envc str*envc("K=V") u8 counters u8 keep_group u8 tree
 *   cancel   'C'  kills the running process group; ignored between runs
 *   quit     'Q'  (or EOF) the helper exits
 * and the helper answers each request with exactly one of:
 *   result   'R' i64 wall_ns i64 utime_us i64 stime_us i64 maxrss_kib i64 minflt i64 majflt
 *            i64 nvcsw i64 nivcsw i64 inblock i64 oublock i32 exit i32 signal(0=none)
 *            u8 timed_out u8 left_behind str stdout_tail str stderr_tail
 *            u8 n, then n times: str name i32 errno(0=counted) i64 value i64 time_enabled i64 time_running
 *            u8 n (0 unless tree was asked), then n times: u8 measured i64 value (overhead-tree.h's
 *            order and units), then str why (what of them cannot be measured here, "" for nothing)
 *   error    'E' str stage i32 errno str message
 *            The run did not happen (or, for stage "poll", was killed and is not a measurement);
 *            the helper serves the next request. Stages: "memory", "output file", "pipe", "fork"
 *            (nothing was started: a transient shortage may pass), "redirect", "chdir", "nice",
 *            "affinity", "personality", "exec" (the child's steps before the command), "poll".
 *
 * The command leads its own process group, so a signal sent to overhead's group (Ctrl-C, `timeout`,
 * a CI cancel) never reaches it: the JVM decides and cancels. The helper keeps those signals blocked
 * for the same reason; its life is bound to the socket instead: when the JVM is gone, however it went,
 * the socket closes and the helper kills the run in flight and exits. When the command has ended,
 * whatever is left of its process group (`cmd &`) is killed, unless keep_group is set (a set-up
 * command may start a server on purpose), and left_behind says that something was.
 *
 * A request without counters is started with vfork; one with counters with fork, because the
 * counters must be opened on the child before it execs (overhead-counters.h) — unless an earlier
 * run found that this machine has none, so a VM without a PMU pays nothing for asking.
 *
 * Between the two clock reads (just before vfork, right after wait4) the child makes six system
 * calls before its execve — setpgid, rt_sigpending, prctl(PR_SET_PDEATHSIG), rt_sigprocmask and
 * the dup2 of stdout and stderr — and the helper one, the rt_sigprocmask that opens its waiting
 * handlers. Everything else is done before the clock starts: once per helper (signal dispositions,
 * stdin, close-on-exec) or once per command (where it is on PATH: overhead-path.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "overhead-counters.h"
#include "overhead-path.h"
#include "overhead-tree.h"

#ifndef SYS_close_range
#define SYS_close_range 436 /* the same number on every architecture (new-style syscall table) */
#endif
#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

#define STDERR_TAIL 4096
#define TERM_GRACE_NS 500000000LL

static int sock = -1;
static int sock_open = 1; /* 0 once the JVM is gone: finish the run in flight (killed), then exit */
static int devnull = -1; /* opened once: the command's output when discarded (its stdin is fd 0) */
static pid_t helper_pid;
static sigset_t wake_signals;           /* SIGIO and SIGALRM: blocked except while waiting in wait4 */
static sigset_t wait_mask;              /* the helper's mask while it waits: the same, with those open */

/* Signals sent to a whole process group by terminals, `timeout` and CI runners, and SIGPIPE: the
 * helper keeps them at their default but blocked for good, so they never reach it (see the top)
 * and yet the command, which starts with an empty mask, finds them at their default without a
 * system call in the child. The child drops any that reached it before it left the group. */
static const int held_signals[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE};
#define N_HELD_SIGNALS (sizeof held_signals / sizeof held_signals[0])

#ifndef SYS_memfd_create
#define SYS_memfd_create 319 /* x86-64; other architectures have the constant in their headers */
#endif
#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1U
#endif
#ifndef FALLOC_FL_KEEP_SIZE
#define FALLOC_FL_KEEP_SIZE 0x01
#endif
#ifndef FALLOC_FL_PUNCH_HOLE
#define FALLOC_FL_PUNCH_HOLE 0x02
#endif

/* The kernel's struct sigaction; all zero is SIG_DFL with no flags and an empty mask. */
struct ksigaction { void *handler; unsigned long flags; void *restorer; unsigned long mask; };

static void die(const char *what) {
    perror(what);
    exit(2);
}

/* ---- reading requests ---- */
static unsigned char rbuf[65536];
static size_t rpos, rlen;
static int out_of_memory; /* an allocation for the request failed: it is read to its end, then refused */

static int read_byte(void) { /* -1 on EOF */
    while (rpos == rlen) {
        ssize_t n = read(sock, rbuf, sizeof rbuf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) die("overhead-spawner: read");
        if (n == 0) return -1;
        rpos = 0;
        rlen = (size_t)n;
    }
    return rbuf[rpos++];
}

/* Reads n bytes into dst, or skips them where dst is NULL. */
static void read_n(void *dst, size_t n) {
    unsigned char *d = dst;
    for (size_t i = 0; i < n; i++) {
        int b = read_byte();
        if (b < 0) exit(0); /* the JVM went away mid-request */
        if (d) d[i] = (unsigned char)b;
    }
}

static uint64_t read_u(int bytes) {
    unsigned char b[8];
    read_n(b, (size_t)bytes);
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v = (v << 8) | b[i];
    return v;
}

static char *read_str(void) {
    uint32_t len = (uint32_t)read_u(4);
    char *s = malloc((size_t)len + 1);
    if (!s) out_of_memory = 1;
    read_n(s, len);
    if (s) s[len] = 0;
    return s;
}

static void *alloc_array(uint32_t n, size_t size) {
    void *p = calloc((size_t)n + 1, size);
    if (!p) out_of_memory = 1;
    return p;
}

/* ---- writing replies ---- */
static unsigned char *wbuf;
static size_t wlen, wcap;
static int reply_too_big; /* the reply did not fit in memory: an error is sent instead */

static void put(const void *src, size_t n) {
    if (reply_too_big) return;
    if (wlen + n > wcap) {
        size_t cap = (wlen + n) * 2;
        unsigned char *b = realloc(wbuf, cap);
        if (!b) { reply_too_big = 1; return; }
        wbuf = b;
        wcap = cap;
    }
    memcpy(wbuf + wlen, src, n);
    wlen += n;
}

static void put_u(uint64_t v, int bytes) {
    unsigned char b[8];
    for (int i = bytes - 1; i >= 0; i--, v >>= 8) b[i] = (unsigned char)(v & 0xff);
    put(b, (size_t)bytes);
}

static void put_str(const char *s, size_t n) {
    put_u(n, 4);
    put(s, n);
}

static void write_reply(const unsigned char *p, size_t len) {
    size_t off = 0;
    while (off < len) {
        ssize_t n = write(sock, p + off, len - off);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) exit(0); /* the JVM went away */
        off += (size_t)n;
    }
}

/* An error reply, built on the stack: it must get through when memory is short. */
static void send_error(const char *stage, int err) {
    unsigned char m[512];
    const char *msg = strerror(err);
    size_t sl = strnlen(stage, 64), ml = strnlen(msg, 256), k = 0;
    m[k++] = 'E';
    for (int i = 3; i >= 0; i--) m[k++] = (unsigned char)(sl >> (8 * i));
    memcpy(m + k, stage, sl), k += sl;
    for (int i = 3; i >= 0; i--) m[k++] = (unsigned char)((uint32_t)err >> (8 * i));
    for (int i = 3; i >= 0; i--) m[k++] = (unsigned char)(ml >> (8 * i));
    memcpy(m + k, msg, ml), k += ml;
    write_reply(m, k);
}

static void flush_out(void) {
    if (reply_too_big) send_error("memory", ENOMEM);
    else write_reply(wbuf, wlen);
    wlen = 0;
    reply_too_big = 0;
}

/* ---- a fixed-size tail of a stream: output of any size costs at most cap bytes ---- */
typedef struct {
    char *buf;
    size_t cap, head, len; /* head: where the next byte goes */
} tail_t;

static void tail_add(tail_t *t, const char *p, size_t n) {
    if (t->cap == 0) return;
    if (n >= t->cap) {
        memcpy(t->buf, p + n - t->cap, t->cap);
        t->head = 0;
        t->len = t->cap;
        return;
    }
    size_t first = t->cap - t->head < n ? t->cap - t->head : n;
    memcpy(t->buf + t->head, p, first);
    memcpy(t->buf, p + first, n - first);
    t->head = (t->head + n) % t->cap;
    t->len = t->len + n > t->cap ? t->cap : t->len + n;
}

static void put_tail(tail_t *t) {
    put_u(t->len, 4);
    size_t start = (t->head + t->cap - t->len) % (t->cap ? t->cap : 1);
    size_t first = t->cap - start < t->len ? t->cap - start : t->len;
    if (t->len) {
        put(t->buf + start, first);
        put(t->buf, t->len - first);
    }
}

static void write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) return; /* a closed terminal must not stop the measurement */
        p += w;
        n -= (size_t)w;
    }
}

/* Reads what is available; returns 0 at EOF, 1 otherwise. */
static int drain(int fd, tail_t *t, int tee_fd) {
    static char chunk[65536];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return 1; /* EAGAIN */
        if (n == 0) return 0;
        tail_add(t, chunk, (size_t)n);
        if (tee_fd >= 0) write_all(tee_fd, chunk, (size_t)n);
    }
}

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}


static void close_fd(int *fd) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* ---- one request ---- */
typedef struct {
    int64_t timeout_ns;
    int output, capture, has_nice, nice, no_aslr, counters, keep_group, tree;
    uint32_t ncpu, argc, envc;
    int32_t *cpus;
    char *file, *cwd, **argv, **env;
} request_t;

static void free_request(request_t *r) {
    free(r->file);
    free(r->cwd);
    free(r->cpus);
    for (uint32_t i = 0; r->argv && i < r->argc; i++) free(r->argv[i]);
    for (uint32_t i = 0; r->env && i < r->envc; i++) free(r->env[i]);
    free(r->argv);
    free(r->env);
}

/* Reads a whole request even where memory runs out (then out_of_memory is set), so that the
 * stream stays in step and the next request can be served. */
static void read_request(request_t *r) {
    memset(r, 0, sizeof *r);
    out_of_memory = 0;
    r->timeout_ns = (int64_t)read_u(8);
    r->output = (int)read_u(1);
    r->file = read_str();
    r->capture = (int32_t)read_u(4);
    r->has_nice = (int)read_u(1);
    r->nice = (int32_t)read_u(4);
    r->no_aslr = (int)read_u(1);
    r->ncpu = (uint32_t)read_u(4);
    r->cpus = alloc_array(r->ncpu, sizeof *r->cpus);
    for (uint32_t i = 0; i < r->ncpu; i++) {
        int32_t cpu = (int32_t)read_u(4);
        if (r->cpus) r->cpus[i] = cpu;
    }
    r->cwd = read_str();
    r->argc = (uint32_t)read_u(4);
    r->argv = alloc_array(r->argc, sizeof *r->argv);
    for (uint32_t i = 0; i < r->argc; i++) {
        char *s = read_str();
        if (r->argv) r->argv[i] = s; else free(s);
    }
    r->envc = (uint32_t)read_u(4);
    r->env = alloc_array(r->envc, sizeof *r->env);
    for (uint32_t i = 0; i < r->envc; i++) {
        char *s = read_str();
        if (r->env) r->env[i] = s; else free(s);
    }
    r->counters = (int)read_u(1);
    r->keep_group = (int)read_u(1);
    r->tree = (int)read_u(1);
    if (r->argc == 0) out_of_memory = 1; /* the JVM never sends that; refuse rather than exec NULL */
}

/* ---- the command's side of the fork ---- */

/* Written by the child before it gives up; the parent reads them once vfork returns (the parent
 * is suspended until then, so no race). A forked child has its own memory, so it writes them to
 * fail_fd instead. */
static volatile char fail_stage;
static volatile int fail_errno;
static int fail_fd = -1;

static void child_fail(char stage, int err) {
    fail_stage = stage;
    fail_errno = err;
    if (fail_fd >= 0) {
        char msg[1 + sizeof err];
        msg[0] = stage;
        memcpy(msg + 1, &err, sizeof err);
        ssize_t ignored = write(fail_fd, msg, sizeof msg);
        (void)ignored;
    }
    _exit(127);
}

/* The environment of the command: the helper's, with the request's additions replacing or adding.
 * NULL where memory is short. */
static char **build_env(request_t *r) {
    extern char **environ;
    size_t n = 0;
    while (environ[n]) n++;
    char **envp = malloc((n + r->envc + 1) * sizeof *envp);
    if (!envp) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int replaced = 0;
        for (uint32_t j = 0; j < r->envc && !replaced; j++) {
            size_t kl = strcspn(r->env[j], "=");
            replaced = strncmp(environ[i], r->env[j], kl) == 0 && environ[i][kl] == '=';
        }
        if (!replaced) envp[k++] = environ[i];
    }
    for (uint32_t j = 0; j < r->envc; j++)
        if (strchr(r->env[j], '=')) envp[k++] = r->env[j];
    envp[k] = NULL;
    return envp;
}

/* What the child of a vfork may write besides fail_*: the parent reads it once vfork returns. */
static volatile char path_missed; /* the execve of the path found beforehand failed */

/* Runs in a vfork child: it shares the helper's memory, so it only makes system calls and writes
 * nothing but fail_*, path_missed and environ (which the parent restores). In a forked child
 * (go_fd >= 0) it waits before exec until the parent has opened the counters. Everything that can
 * be done once for all children is done by the helper at its start instead (see main): its fd 0
 * is /dev/null, its own descriptors are all close-on-exec, and every signal but the two it
 * handles is at its default; the command is found on PATH before the clock starts (path). */
static void child(request_t *r, char **envp, const char *path, int out_fd, int err_fd, int go_fd) {
    extern char **environ;
    setpgid(0, 0);
    /* A signal sent to overhead's group before setpgid is pending here (blocked signals are queued);
     * setting SIG_IGN discards it, so it cannot reach the command once unblocked. One call asks
     * whether there is any: usually none. */
    sigset_t pending;
    if (sigpending(&pending) == 0) {
        struct ksigaction ign = {.handler = SIG_IGN}, dfl = {0};
        for (int sig = 1; sig < NSIG; sig++)
            if (sig != SIGKILL && sig != SIGSTOP && sigismember(&pending, sig) == 1) {
                syscall(SYS_rt_sigaction, sig, &ign, NULL, sizeof ign.mask);
                syscall(SYS_rt_sigaction, sig, &dfl, NULL, sizeof dfl.mask);
            }
    }
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* a helper killed with -9 takes its command along */
    sigset_t empty;
    sigemptyset(&empty);
    sigprocmask(SIG_SETMASK, &empty, NULL);
    if ((out_fd != 1 && dup2(out_fd, 1) < 0) || (err_fd != 2 && dup2(err_fd, 2) < 0)) child_fail('o', errno);
    if (r->cwd[0] && chdir(r->cwd) < 0) child_fail('d', errno);
    if (r->has_nice && setpriority(PRIO_PROCESS, 0, r->nice) < 0) child_fail('n', errno);
    if (r->ncpu > 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        for (uint32_t i = 0; i < r->ncpu; i++)
            if (r->cpus[i] >= 0 && r->cpus[i] < CPU_SETSIZE) CPU_SET(r->cpus[i], &set);
        if (sched_setaffinity(0, sizeof set, &set) < 0) child_fail('p', errno);
    }
    if (r->no_aslr && personality(ADDR_NO_RANDOMIZE) < 0) child_fail('a', errno);
    if (go_fd >= 0) {
        char go;
        ssize_t n;
        do n = read(go_fd, &go, 1); while (n < 0 && errno == EINTR);
        if (n != 1) _exit(127); /* the helper is gone */
    }
    if (path) {
        execve(path, r->argv, envp);
        path_missed = 1; /* removed since, or a script without #!: execvp decides, as it always would */
    }
    environ = envp; /* so that execvp searches the PATH the command will have */
    execvp(r->argv[0], r->argv);
    child_fail('x', errno);
}

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

/* ---- the helper's side: output, start, wait, reply ---- */

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

/* The run being waited for, as the signal handlers see it (see "waiting" below). */
static struct {
    pid_t pid; /* the command, once started; 0 otherwise */
    int64_t deadline, kill_at;
    int timed_out, killed;
    io_t *io;
} live;

static void close_io(io_t *io) {
    close_fd(&io->dest);
    close_fd(&io->out_r);
    close_fd(&io->out_w);
    close_fd(&io->err_r);
    close_fd(&io->err_w);
    close_fd(&io->out_f);
    close_fd(&io->err_f);
    free(io->out.buf);
    free(io->err.buf);
    io->out.buf = io->err.buf = NULL;
}

/* An anonymous file for a stream nobody reads while the command runs: a memfd, or an unlinked file
 * in /tmp where memfds are missing. -1 with errno set. */
static int anon_file(void) {
    int fd = (int)syscall(SYS_memfd_create, "overhead-output", MFD_CLOEXEC);
    if (fd < 0) fd = open("/tmp", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    return fd;
}

/* Sets a pipe's read end to raise SIGIO when data comes, so the handler copies it while the helper
 * blocks in wait4. */
static void signal_when_readable(int fd) {
    fcntl(fd, F_SETOWN, getpid());
    fcntl(fd, F_SETFL, O_NONBLOCK | O_ASYNC);
}

/* Opens the output file and the pipes or anonymous files; 0, or an errno with *stage naming the
 * step that failed. A stream that is only kept for its tail goes to an anonymous file, not a pipe:
 * nothing then wakes the helper while the command runs or when it closes its end on exit, so the
 * clock stops right after wait4 returns, as hyperfine's does. Output that is copied as it comes
 * (inherited and captured, or to a file), and the output of set-up commands whose servers may
 * outlive them, go through pipes as before. */
static int open_io(request_t *r, io_t *io, const char **stage) {
    io->out.cap = r->capture > 0 ? (size_t)r->capture : 0;
    io->err.cap = r->capture > STDERR_TAIL ? (size_t)r->capture : STDERR_TAIL;
    io->out.buf = malloc(io->out.cap + 1);
    io->err.buf = malloc(io->err.cap + 1);
    if (!io->out.buf || !io->err.buf) return *stage = "memory", ENOMEM;
    if (r->output == 2) {
        io->dest = open(r->file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (io->dest < 0) return *stage = "output file", errno;
    }
    int p[2];
    int files = r->output == 0 && !r->keep_group;
    if (r->capture > 0 && files) {
        if ((io->out_f = anon_file()) < 0) return *stage = "pipe", errno;
    } else if (r->capture > 0) {
        if (pipe2(p, O_CLOEXEC) < 0) return *stage = "pipe", errno;
        io->out_r = p[0], io->out_w = p[1];
        signal_when_readable(io->out_r);
    }
    if ((r->output != 1 || r->capture > 0) && files) {
        if ((io->err_f = anon_file()) < 0) return *stage = "pipe", errno;
    } else if (r->output != 1 || r->capture > 0) {
        if (pipe2(p, O_CLOEXEC) < 0) return *stage = "pipe", errno;
        io->err_r = p[0], io->err_w = p[1];
        signal_when_readable(io->err_r);
    }
    io->child_out = io->out_w >= 0   ? io->out_w
                    : io->out_f >= 0 ? io->out_f
                    : r->output == 0 ? devnull
                    : r->output == 1 ? 1
                                     : io->dest;
    io->child_err = io->err_w >= 0 ? io->err_w : io->err_f >= 0 ? io->err_f : 2;
    io->tee_out = r->output == 1 ? 1 : r->output == 2 ? io->dest : -1;
    io->tee_err = r->output == 1 ? 2 : r->output == 2 ? io->dest : -1;
    return 0;
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

/* ---- waiting: blocked in wait4, the rest done by signal handlers ----
 *
 * The helper blocks in wait4 and reads the clock the moment it returns, as hyperfine does. What
 * must happen meanwhile is done by two handlers, which run only while the helper waits (SIGIO and
 * SIGALRM are blocked at every other time, so they never meet the helper's own use of the same
 * state): SIGALRM, from a one-shot timer, ends a run that is out of time (SIGTERM, then SIGKILL
 * after a grace) and gives back the memory of anonymous output files; SIGIO, from the socket and
 * from output pipes, kills the run on a cancel or when the JVM is gone, and copies piped output as
 * it comes. Each acts itself, with async-signal-safe calls, rather than setting a flag for the
 * main loop, so a signal that lands just before wait4 blocks is not lost. */

/* How often a run with anonymous output files gives their memory back: a command that floods
 * stderr holds at most what it writes in this long. */
#define TRIM_NS 50000000LL

static void kill_live(void) {
    if (live.pid > 0) kill(-live.pid, SIGKILL);
    live.killed = 1;
    live.kill_at = -1;
}

/* Gives back all of an anonymous output file but its last keep bytes: their pages are punched out,
 * the size (and the command's offset) stay, so the command writes on as before. */
static void trim(int fd, off_t *cut, size_t keep) {
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0) return;
    off_t end = (st.st_size - (off_t)keep) & ~(off_t)4095;
    if (end > *cut && fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, end) == 0) *cut = end;
}

/* Arms the timer for the next thing to do: the deadline, the kill after the grace, or a trim. */
static void arm(int64_t now) {
    int64_t next = live.kill_at >= 0 ? live.kill_at : live.deadline;
    if (live.io && (live.io->out_f >= 0 || live.io->err_f >= 0) && (next < 0 || next > now + TRIM_NS))
        next = now + TRIM_NS;
    struct itimerval it = {{0, 0}, {0, 0}};
    if (next >= 0) {
        int64_t left = next - now < 1000 ? 1000 : next - now;
        it.it_value.tv_sec = (time_t)(left / 1000000000LL);
        it.it_value.tv_usec = (suseconds_t)(left % 1000000000LL / 1000);
    }
    setitimer(ITIMER_REAL, &it, NULL);
}

static void on_alarm(int sig) {
    (void)sig;
    int saved = errno;
    if (getpid() != helper_pid) return; /* in a child before its exec: not the helper's to handle */
    int64_t now = now_ns();
    if (live.deadline >= 0 && now >= live.deadline && !live.timed_out && !live.killed) {
        if (live.pid > 0) kill(-live.pid, SIGTERM);
        live.timed_out = 1;
        live.kill_at = now + TERM_GRACE_NS;
        live.deadline = -1;
    } else if (live.kill_at >= 0 && now >= live.kill_at) {
        kill_live();
    }
    if (live.io) {
        trim(live.io->out_f, &live.io->out_cut, live.io->out.cap);
        trim(live.io->err_f, &live.io->err_cut, live.io->err.cap);
    }
    arm(now);
    errno = saved;
}

static void on_io(int sig) {
    (void)sig;
    int saved = errno;
    if (getpid() != helper_pid) return; /* as in on_alarm */
    if (sock_open) {
        char b[64];
        ssize_t k;
        while ((k = recv(sock, b, sizeof b, MSG_DONTWAIT)) > 0)
            if (memchr(b, 'C', (size_t)k)) kill_live(); /* a cancel */
        if (k == 0 || (k < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
            sock_open = 0; /* the JVM is gone */
            kill_live();
        }
    }
    io_t *io = live.io;
    if (io && io->out_r >= 0 && !drain(io->out_r, &io->out, io->tee_out)) close_fd(&io->out_r);
    if (io && io->err_r >= 0 && !drain(io->err_r, &io->err, io->tee_err)) close_fd(&io->err_r);
    errno = saved;
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

/* Before the start: what the handlers act on, and the timer for the deadline or the first trim. */
static void prepare_wait(request_t *r, io_t *io, int cancel_pending) {
    int64_t now = now_ns();
    live.pid = 0;
    live.io = io;
    live.timed_out = 0;
    live.killed = cancel_pending; /* kill_live at the start, once there is a pid */
    live.kill_at = cancel_pending ? now : -1;
    live.deadline = r->timeout_ns > 0 ? now + r->timeout_ns : -1;
    arm(now);
}

/* After the end: no handler acts on this run any more. */
static void finish_wait(run_t *run) {
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, NULL);
    run->timed_out = live.timed_out;
    run->killed = live.killed;
    live.pid = 0;
    live.io = NULL;
}

/* The tail of an anonymous output file: its last cap bytes, never more. */
static void tail_of_file(int fd, tail_t *t) {
    struct stat st;
    if (fd < 0 || t->cap == 0 || fstat(fd, &st) < 0) return;
    static char chunk[65536];
    off_t at = st.st_size > (off_t)t->cap ? st.st_size - (off_t)t->cap : 0;
    while (at < st.st_size) {
        size_t want = (size_t)(st.st_size - at) < sizeof chunk ? (size_t)(st.st_size - at) : sizeof chunk;
        ssize_t n = pread(fd, chunk, want, at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        tail_add(t, chunk, (size_t)n);
        at += n;
    }
}

/* After the command's end: what it wrote is in the pipes, and a background child that still holds
 * them must not keep the run open, so read what is there and stop. Then kill what is left of its
 * process group. The leader has been reaped, so the group exists only while members remain, and
 * its id cannot have been given to anyone else. */
static void end_run(request_t *r, io_t *io, run_t *run) {
    if (io->out_r >= 0) drain(io->out_r, &io->out, io->tee_out);
    if (io->err_r >= 0) drain(io->err_r, &io->err, io->tee_err);
    tail_of_file(io->out_f, &io->out);
    tail_of_file(io->err_f, &io->err);
    close_fd(&io->out_r);
    close_fd(&io->err_r);
    if (!r->keep_group || run->timed_out || run->killed) {
        int remained = kill(-run->pid, SIGKILL) == 0;
        run->left_behind = remained && !run->timed_out && !run->killed;
    }
}

static void put_counters(request_t *r, run_t *run) {
    if (!r->counters) { put_u(0, 1); return; }
    counters_read(&run->ctr);
    run->counting = 0;
    put_u(N_COUNTERS, 1);
    for (int i = 0; i < N_COUNTERS; i++) {
        put_str(counter_name(i), strlen(counter_name(i)));
        put_u((uint32_t)run->ctr.err[i], 4);
        put_u(run->ctr.value[i], 8);
        put_u(run->ctr.enabled[i], 8);
        put_u(run->ctr.running[i], 8);
    }
}

static void put_tree(request_t *r, tree_t *tree) {
    if (!r->tree) { put_u(0, 1); return; }
    put_u(N_TREE, 1);
    for (int i = 0; i < N_TREE; i++) {
        put_u((uint64_t)tree->has[i], 1);
        put_u((uint64_t)tree->value[i], 8);
    }
    put_str(tree_why(), strlen(tree_why()));
}

static void put_result(request_t *r, io_t *io, run_t *run, tree_t *tree) {
    struct rusage *ru = &run->ru;
    int exit_code = 0, sig = 0;
    if (WIFSIGNALED(run->status)) { sig = WTERMSIG(run->status); exit_code = 128 + sig; }
    else exit_code = WEXITSTATUS(run->status);
    put_u('R', 1);
    put_u((uint64_t)(run->t1 - run->t0), 8);
    put_u((uint64_t)ru->ru_utime.tv_sec * 1000000 + (uint64_t)ru->ru_utime.tv_usec, 8);
    put_u((uint64_t)ru->ru_stime.tv_sec * 1000000 + (uint64_t)ru->ru_stime.tv_usec, 8);
    put_u((uint64_t)ru->ru_maxrss, 8);
    put_u((uint64_t)ru->ru_minflt, 8);
    put_u((uint64_t)ru->ru_majflt, 8);
    put_u((uint64_t)ru->ru_nvcsw, 8);
    put_u((uint64_t)ru->ru_nivcsw, 8);
    put_u((uint64_t)ru->ru_inblock, 8);
    put_u((uint64_t)ru->ru_oublock, 8);
    put_u((uint32_t)exit_code, 4);
    put_u((uint32_t)sig, 4);
    put_u((uint64_t)run->timed_out, 1);
    put_u((uint64_t)run->left_behind, 1);
    put_tail(&io->out);
    put_tail(&io->err);
    put_counters(r, run);
    put_tree(r, tree);
    flush_out();
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
static void serve(request_t *r, int cancel_pending) {
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

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: overhead-spawner SOCKET_PATH\n");
        return 2;
    }
    helper_pid = getpid();
    /* A signal to the whole group reaches the JVM, which cancels the run; the helper must outlive
     * it: those signals, and SIGPIPE, are blocked for good (held_signals). The waiting handlers (see
     * "waiting" above) are blocked except while a run is waited for. */
    sigset_t held;
    sigemptyset(&held);
    for (size_t i = 0; i < N_HELD_SIGNALS; i++) sigaddset(&held, held_signals[i]);
    sigemptyset(&wake_signals);
    sigaddset(&wake_signals, SIGIO);
    sigaddset(&wake_signals, SIGALRM);
    sigprocmask(SIG_BLOCK, &held, NULL);
    sigprocmask(SIG_BLOCK, &wake_signals, &wait_mask);
    sigdelset(&wait_mask, SIGIO);
    sigdelset(&wait_mask, SIGALRM);
    /* Every signal at its default, once, rather than in every child: any an ancestor left ignored
     * (exec keeps ignored signals ignored; nohup, `cmd &` in a script, glibc's posix_spawn with its
     * 32 and 33, which only the raw call can reset) would otherwise be ignored by the command too.
     * Handlers need no reset (exec resets them); only the two below are set. */
    for (int sig = 1; sig < NSIG; sig++) {
        struct ksigaction cur, dfl = {0};
        if (sig == SIGKILL || sig == SIGSTOP) continue;
        if (syscall(SYS_rt_sigaction, sig, NULL, &cur, sizeof cur.mask) == 0 && cur.handler != SIG_DFL)
            syscall(SYS_rt_sigaction, sig, &dfl, NULL, sizeof dfl.mask);
    }
    struct sigaction sa = {0};
    sa.sa_mask = wake_signals; /* the two never interrupt each other */
    sa.sa_flags = SA_RESTART;
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    sa.sa_handler = on_io;
    sigaction(SIGIO, &sa, NULL);
    /* The command's stdin is the helper's fd 0, /dev/null; its descriptors beyond 2 are all closed
     * on exec: the helper opens its own with O_CLOEXEC, and marks any it inherited here. So the
     * child needs neither a dup2 for stdin nor close_range. */
    for (int fd = 0; fd <= 2; fd++) /* a closed one would be taken by the next open below */
        if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) != fd) die("overhead-spawner: /dev/null");
    devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (devnull < 0 || dup2(devnull, 0) < 0) die("overhead-spawner: /dev/null");
    if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) < 0) {
        long max = sysconf(_SC_OPEN_MAX);
        for (int fd = 3; fd < (max > 0 ? max : 65536); fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(argv[1]) >= sizeof addr.sun_path) { fprintf(stderr, "overhead-spawner: socket path too long\n"); return 2; }
    strcpy(addr.sun_path, argv[1]);
    sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sock < 0 || connect(sock, (struct sockaddr *)&addr, sizeof addr) < 0) die("overhead-spawner: connect");
    /* A cancel, or the JVM's end, raises SIGIO while the helper waits in wait4. */
    fcntl(sock, F_SETOWN, getpid());
    fcntl(sock, F_SETFL, fcntl(sock, F_GETFL) | O_ASYNC);

    for (;;) {
        int op = read_byte();
        if (op < 0 || op == 'Q') return 0;
        if (op != 'R') continue; /* a cancel that came after its run ended */
        request_t r;
        read_request(&r);
        int cancel_pending = 0; /* a cancel sent right behind the request may already be buffered */
        while (rpos < rlen && rbuf[rpos] == 'C') { rpos++; cancel_pending = 1; }
        serve(&r, cancel_pending);
        free_request(&r);
    }
}

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
 * Protocol, all integers big-endian, strings are u32 length + bytes:
 *   request  'R' i64 timeout_ns(0=none) u8 output(0 discard,1 inherit,2 file) str file
 *            i32 capture u8 has_nice i32 nice u8 no_aslr u32 ncpu i32*ncpu str cwd(""=none)
 *            u32 argc str*argc u32 envc str*envc("K=V") u8 counters
 *   cancel   'C' (kills the running process group; ignored between runs)
 *   result   'R' i64 wall_ns i64 utime_us i64 stime_us i64 maxrss_kib i64 minflt i64 majflt
 *            i64 nvcsw i64 nivcsw i64 inblock i64 oublock i32 exit i32 signal(0=none)
 *            u8 timed_out str stdout_tail str stderr_tail
 *            u8 n, then n times: str name i32 errno(0=counted) i64 value i64 time_enabled i64 time_running
 *   error    'E' str stage i32 errno str message   (the command could not be started)
 *
 * A request without counters is started with vfork; one with counters with fork, because the
 * counters must be opened on the child before it execs (overhead-counters.h) — unless an earlier
 * run found that this machine has none, so a VM without a PMU pays nothing for asking.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "overhead-counters.h"

#ifndef SYS_close_range
#define SYS_close_range 436 /* the same number on every architecture (new-style syscall table) */
#endif
#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

#define STDERR_TAIL 4096
#define TERM_GRACE_NS 500000000LL

static int sock = -1;
static int devnull = -1; /* opened once: the command's stdin, and its output when discarded */
static int sigchld_pipe[2] = {-1, -1}; /* wakes poll when a child ends, where pidfds are missing */
static int use_pidfd;                   /* Linux >= 5.3: poll the child's pidfd, no signal handler */
static int nondefault[NSIG], n_nondefault; /* signals the child must reset (the rest are default) */

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

/* The kernel's struct sigaction; all zero is SIG_DFL with no flags and an empty mask. */
struct ksigaction { void *handler; unsigned long flags; void *restorer; unsigned long mask; };

/* ---- reading requests ---- */
static unsigned char rbuf[65536];
static size_t rpos, rlen;

static void die(const char *what) {
    perror(what);
    exit(2);
}

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

static void read_n(void *dst, size_t n) {
    unsigned char *d = dst;
    for (size_t i = 0; i < n; i++) {
        int b = read_byte();
        if (b < 0) exit(0); /* the JVM went away mid-request */
        d[i] = (unsigned char)b;
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
    if (!s) die("overhead-spawner: malloc");
    read_n(s, len);
    s[len] = 0;
    return s;
}

/* ---- writing results ---- */
static unsigned char *wbuf;
static size_t wlen, wcap;

static void put(const void *src, size_t n) {
    if (wlen + n > wcap) {
        wcap = (wlen + n) * 2;
        wbuf = realloc(wbuf, wcap);
        if (!wbuf) die("overhead-spawner: realloc");
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

static void flush_out(void) {
    size_t off = 0;
    while (off < wlen) {
        ssize_t n = write(sock, wbuf + off, wlen - off);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) exit(0); /* the JVM went away */
        off += (size_t)n;
    }
    wlen = 0;
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

static void on_sigchld(int sig) {
    (void)sig;
    int saved = errno;
    ssize_t ignored = write(sigchld_pipe[1], "c", 1);
    (void)ignored;
    errno = saved;
}

typedef struct {
    int64_t timeout_ns;
    int output, capture, has_nice, nice, no_aslr, counters;
    uint32_t ncpu, argc, envc;
    int32_t *cpus;
    char *file, *cwd, **argv, **env;
} request_t;

static void free_request(request_t *r) {
    free(r->file);
    free(r->cwd);
    free(r->cpus);
    for (uint32_t i = 0; i < r->argc; i++) free(r->argv[i]);
    for (uint32_t i = 0; i < r->envc; i++) free(r->env[i]);
    free(r->argv);
    free(r->env);
}

static void read_request(request_t *r) {
    r->timeout_ns = (int64_t)read_u(8);
    r->output = (int)read_u(1);
    r->file = read_str();
    r->capture = (int32_t)read_u(4);
    r->has_nice = (int)read_u(1);
    r->nice = (int32_t)read_u(4);
    r->no_aslr = (int)read_u(1);
    r->ncpu = (uint32_t)read_u(4);
    r->cpus = calloc(r->ncpu + 1, sizeof *r->cpus);
    for (uint32_t i = 0; i < r->ncpu; i++) r->cpus[i] = (int32_t)read_u(4);
    r->cwd = read_str();
    r->argc = (uint32_t)read_u(4);
    r->argv = calloc(r->argc + 1, sizeof *r->argv);
    for (uint32_t i = 0; i < r->argc; i++) r->argv[i] = read_str();
    r->envc = (uint32_t)read_u(4);
    r->env = calloc(r->envc + 1, sizeof *r->env);
    for (uint32_t i = 0; i < r->envc; i++) r->env[i] = read_str();
    r->counters = (int)read_u(1);
}

static void send_error(const char *stage, int err) {
    const char *msg = strerror(err);
    put_u('E', 1);
    put_str(stage, strlen(stage));
    put_u((uint32_t)err, 4);
    put_str(msg, strlen(msg));
    flush_out();
}

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

/* The environment of the command: the helper's, with the request's additions replacing or adding. */
static char **build_env(request_t *r) {
    extern char **environ;
    size_t n = 0;
    while (environ[n]) n++;
    char **envp = malloc((n + r->envc + 1) * sizeof *envp);
    if (!envp) die("overhead-spawner: malloc");
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

/* Runs in a vfork child: it shares the helper's memory, so it only makes system calls and writes
 * nothing but fail_* and environ (which the parent restores). In a forked child (go_fd >= 0) it
 * waits before exec until the parent has opened the counters. */
static void child(request_t *r, char **envp, int in_fd, int out_fd, int err_fd, int go_fd) {
    extern char **environ;
    setpgid(0, 0);
    struct ksigaction dfl = {0};
    for (int i = 0; i < n_nondefault; i++) syscall(SYS_rt_sigaction, nondefault[i], &dfl, NULL, sizeof dfl.mask);
    sigset_t empty;
    sigemptyset(&empty);
    sigprocmask(SIG_SETMASK, &empty, NULL);
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) child_fail('o', errno);
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
    if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) < 0) {
        long max = sysconf(_SC_OPEN_MAX);
        for (int fd = 3; fd < (max > 0 ? max : 65536); fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    if (go_fd >= 0) {
        char go;
        ssize_t n;
        do n = read(go_fd, &go, 1); while (n < 0 && errno == EINTR);
        if (n != 1) _exit(127); /* the helper is gone */
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

/* The counted start: fork, open the counters on the child, let it exec, and wait until it has
 * (the error pipe closes on exec) or has failed (it writes stage and errno). Signals are blocked
 * by the caller, as for vfork. */
static pid_t spawn_counted(request_t *r, char **envp, int out_fd, int err_fd, counters_t *ctr) {
    int go[2], failp[2];
    if (pipe2(go, O_CLOEXEC) < 0 || pipe2(failp, O_CLOEXEC) < 0) die("overhead-spawner: pipe");
    pid_t pid = fork();
    if (pid == 0) {
        close(go[1]);
        close(failp[0]);
        fail_fd = failp[1];
        child(r, envp, devnull, out_fd, err_fd, go[0]);
    }
    close(go[0]);
    close(failp[1]);
    if (pid < 0) die("overhead-spawner: fork");
    counters_open(ctr, pid);
    ssize_t ignored = write(go[1], "g", 1);
    (void)ignored;
    close(go[1]);
    char msg[1 + sizeof(int)];
    ssize_t n;
    do n = read(failp[0], msg, sizeof msg); while (n < 0 && errno == EINTR);
    close(failp[0]);
    if (n == (ssize_t)sizeof msg) {
        fail_stage = msg[0];
        int err;
        memcpy(&err, msg + 1, sizeof err);
        fail_errno = err;
    }
    return pid;
}

static void put_counters(request_t *r, counters_t *ctr) {
    if (!r->counters) { put_u(0, 1); return; }
    counters_read(ctr);
    put_u(N_COUNTERS, 1);
    for (int i = 0; i < N_COUNTERS; i++) {
        put_str(counter_name(i), strlen(counter_name(i)));
        put_u((uint32_t)ctr->err[i], 4);
        put_u(ctr->value[i], 8);
        put_u(ctr->enabled[i], 8);
        put_u(ctr->running[i], 8);
    }
}

static void serve(request_t *r, int cancel_pending) {
    volatile int dest = -1; /* the output file; volatile for vfork (-Wclobbered) */
    if (r->output == 2) {
        dest = open(r->file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (dest < 0) { send_error("output file", errno); return; }
    }
    int pipe_out = r->capture > 0;
    int pipe_err = r->output != 1 || r->capture > 0;
    int po[2] = {-1, -1}, pe[2] = {-1, -1};
    if ((pipe_out && pipe2(po, O_CLOEXEC) < 0) || (pipe_err && pipe2(pe, O_CLOEXEC) < 0))
        die("overhead-spawner: pipe");
    int child_out = pipe_out ? po[1] : r->output == 0 ? devnull : r->output == 1 ? 1 : dest;
    int child_err = pipe_err ? pe[1] : 2;
    int tee_out = r->output == 1 ? 1 : r->output == 2 ? dest : -1;
    int tee_err = r->output == 1 ? 2 : r->output == 2 ? dest : -1;
    char **envp = build_env(r);

    /* vfork, as posix_spawn does: no page tables to copy, and the parent resumes exactly when the
     * command has been exec'd (or has failed), so no error pipe is needed. Signals stay blocked
     * until the child has reset its handlers, so no helper handler runs in the child. */
    extern char **environ;
    char **saved_environ = environ;
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    fail_stage = 0;
    counters_t ctr;
    int64_t t0 = now_ns();
    pid_t pid;
    if (r->counters && !counters_known_absent(&ctr)) {
        pid = spawn_counted(r, envp, child_out, child_err, &ctr);
    } else {
        pid = vfork();
        if (pid == 0) child(r, envp, devnull, child_out, child_err, -1);
    }
    environ = saved_environ;
    sigprocmask(SIG_SETMASK, &old, NULL);
    free(envp);
    if (pid < 0) die("overhead-spawner: vfork");
    if (pipe_out) close(po[1]);
    if (pipe_err) close(pe[1]);
    int pidfd = use_pidfd && !fail_stage ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;

    if (fail_stage) { /* the child never reached the command */
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        if (pipe_out) close(po[0]);
        if (pipe_err) close(pe[0]);
        if (dest >= 0) close(dest);
        if (r->counters) counters_read(&ctr); /* closes them */
        send_error(stage_name(fail_stage), fail_errno);
        return;
    }

    tail_t out = {0}, errt = {0};
    out.cap = r->capture > 0 ? (size_t)r->capture : 0;
    errt.cap = r->capture > STDERR_TAIL ? (size_t)r->capture : STDERR_TAIL;
    out.buf = malloc(out.cap + 1);
    errt.buf = malloc(errt.cap + 1);
    if (pipe_out) fcntl(po[0], F_SETFL, O_NONBLOCK);
    if (pipe_err) fcntl(pe[0], F_SETFL, O_NONBLOCK);

    int timed_out = 0, killed = 0, sock_open = 1;
    int64_t deadline = r->timeout_ns > 0 ? t0 + r->timeout_ns : -1, kill_at = -1;
    if (cancel_pending) { kill(-pid, SIGKILL); killed = 1; }
    int status = 0;
    struct rusage ru;
    int64_t t1;
    for (;;) {
        pid_t w;
        do w = wait4(pid, &status, WNOHANG, &ru); while (w < 0 && errno == EINTR);
        if (w == pid) { t1 = now_ns(); break; }
        struct pollfd fds[4];
        int nfds = 0;
        fds[nfds++] = (struct pollfd){.fd = pidfd >= 0 ? pidfd : sigchld_pipe[0], .events = POLLIN};
        int sock_at = sock_open ? nfds : -1;
        if (sock_open) fds[nfds++] = (struct pollfd){.fd = sock, .events = POLLIN};
        int io = nfds;
        if (po[0] >= 0) fds[nfds++] = (struct pollfd){.fd = po[0], .events = POLLIN};
        if (pe[0] >= 0) fds[nfds++] = (struct pollfd){.fd = pe[0], .events = POLLIN};
        int wait_ms = -1;
        int64_t next = kill_at >= 0 ? kill_at : deadline;
        if (next >= 0) {
            int64_t left = next - now_ns();
            wait_ms = left <= 0 ? 0 : (int)((left + 999999) / 1000000);
        }
        if (pidfd < 0 && sigchld_pipe[0] < 0 && (wait_ms < 0 || wait_ms > 1)) wait_ms = 1; /* nothing wakes us: look again soon */
        int n = poll(fds, (nfds_t)nfds, wait_ms);
        if (n < 0 && errno != EINTR) die("overhead-spawner: poll");
        int64_t now = now_ns();
        if (deadline >= 0 && now >= deadline && !timed_out && !killed) {
            kill(-pid, SIGTERM);
            timed_out = 1;
            kill_at = now + TERM_GRACE_NS;
            deadline = -1;
        } else if (kill_at >= 0 && now >= kill_at) {
            kill(-pid, SIGKILL);
            kill_at = -1;
        }
        if (n <= 0) continue;
        if (fds[0].revents && pidfd < 0) { char b[64]; while (read(sigchld_pipe[0], b, sizeof b) > 0) {} }
        if (sock_at >= 0 && fds[sock_at].revents) {
            char b[64];
            ssize_t k = read(sock, b, sizeof b);
            int cancel = 0;
            if (k == 0 || (k < 0 && errno != EINTR && errno != EAGAIN)) { sock_open = 0; cancel = 1; } /* JVM gone */
            else if (k > 0 && memchr(b, 'C', (size_t)k)) cancel = 1;
            if (cancel) { kill(-pid, SIGKILL); killed = 1; kill_at = -1; }
        }
        for (int i = io; i < nfds; i++) {
            if (!fds[i].revents) continue;
            int is_out = fds[i].fd == po[0];
            if (!drain(fds[i].fd, is_out ? &out : &errt, is_out ? tee_out : tee_err)) {
                close(fds[i].fd);
                if (is_out) po[0] = -1; else pe[0] = -1;
            }
        }
    }
    /* The command has ended; what it wrote is in the pipes. A background child that still holds
     * them must not keep the run open, so read what is there and stop. */
    if (pidfd >= 0) close(pidfd);
    if (po[0] >= 0) { drain(po[0], &out, tee_out); close(po[0]); }
    if (pe[0] >= 0) { drain(pe[0], &errt, tee_err); close(pe[0]); }
    if (timed_out || killed) kill(-pid, SIGKILL); /* grandchildren that outlived the leader */
    if (dest >= 0) close(dest);

    int exit_code = 0, sig = 0;
    if (WIFSIGNALED(status)) { sig = WTERMSIG(status); exit_code = 128 + sig; }
    else exit_code = WEXITSTATUS(status);
    put_u('R', 1);
    put_u((uint64_t)(t1 - t0), 8);
    put_u((uint64_t)ru.ru_utime.tv_sec * 1000000 + (uint64_t)ru.ru_utime.tv_usec, 8);
    put_u((uint64_t)ru.ru_stime.tv_sec * 1000000 + (uint64_t)ru.ru_stime.tv_usec, 8);
    put_u((uint64_t)ru.ru_maxrss, 8);
    put_u((uint64_t)ru.ru_minflt, 8);
    put_u((uint64_t)ru.ru_majflt, 8);
    put_u((uint64_t)ru.ru_nvcsw, 8);
    put_u((uint64_t)ru.ru_nivcsw, 8);
    put_u((uint64_t)ru.ru_inblock, 8);
    put_u((uint64_t)ru.ru_oublock, 8);
    put_u((uint32_t)exit_code, 4);
    put_u((uint32_t)sig, 4);
    put_u((uint64_t)timed_out, 1);
    put_tail(&out);
    put_tail(&errt);
    put_counters(r, &ctr);
    free(out.buf);
    free(errt.buf);
    if (!sock_open) exit(0);
    flush_out();
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: overhead-spawner SOCKET_PATH\n");
        return 2;
    }
    /* Ctrl-C reaches the JVM, which cancels the run; the helper must outlive the signal. */
    signal(SIGINT, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    int probe = (int)syscall(SYS_pidfd_open, getpid(), 0);
    use_pidfd = probe >= 0;
    if (use_pidfd) {
        close(probe);
    } else {
        if (pipe2(sigchld_pipe, O_CLOEXEC | O_NONBLOCK) < 0) die("overhead-spawner: pipe");
        struct sigaction sa = {0};
        sa.sa_handler = on_sigchld;
        sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
        sigaction(SIGCHLD, &sa, NULL);
    }
    /* Which signals are not at their default now: the ones set above, and any an ancestor left
     * ignored (exec keeps ignored signals ignored), glibc's own 32 and 33 among them, which only
     * the raw call can reset. The child resets just these. */
    for (int sig = 1; sig < NSIG; sig++) {
        struct ksigaction cur;
        if (sig == SIGKILL || sig == SIGSTOP) continue;
        if (syscall(SYS_rt_sigaction, sig, NULL, &cur, sizeof cur.mask) == 0 && cur.handler != SIG_DFL)
            nondefault[n_nondefault++] = sig;
    }
    devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (devnull < 0) die("overhead-spawner: /dev/null");
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(argv[1]) >= sizeof addr.sun_path) { fprintf(stderr, "overhead-spawner: socket path too long\n"); return 2; }
    strcpy(addr.sun_path, argv[1]);
    sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (sock < 0 || connect(sock, (struct sockaddr *)&addr, sizeof addr) < 0) die("overhead-spawner: connect");

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

/*
 * overhead-spawner: the forking helper of overhead's exec package.
 *
 * Why it exists: on Linux a child's ru_maxrss starts at its parent's peak, so a command spawned
 * straight from the JVM reports the JVM's ~60 MB. Forking from this small process (as GNU time
 * does) gives the command's own figure. It is started once and fed requests over a Unix socket,
 * so each run costs one fork+exec+wait4 from a small process.
 *
 * Usage: overhead-spawner SOCKET_PATH   (connects to the JVM, then serves until EOF)
 *        overhead-spawner /dev/ttyS1    (in a virtual machine, overhead's vm package: a serial port,
 *                                        set raw; the helper first writes the line SERIAL_READY, so
 *                                        the host knows the guest listens, then serves as on a socket)
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
 *
 * The helper's files, each with one job, and which of them owns what they share: overhead-spawner.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <termios.h>
#include <sys/un.h>
#include <unistd.h>

#include "overhead-spawner.h"

#ifndef SYS_close_range
#define SYS_close_range 436 /* the same number on every architecture (new-style syscall table) */
#endif
#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

int sock = -1;
int sock_is_tty; /* the channel is a serial port in a guest: no recv, no EOF when the host goes */
int sock_open = 1; /* 0 once the JVM is gone: finish the run in flight (killed), then exit */
int devnull = -1; /* opened once: the command's output when discarded (its stdin is fd 0) */
pid_t helper_pid;
sigset_t wake_signals;                  /* SIGIO and SIGALRM: blocked except while waiting in wait4 */
sigset_t wait_mask;                     /* the helper's mask while it waits: the same, with those open */

/* Signals sent to a whole process group by terminals, `timeout` and CI runners, and SIGPIPE: the
 * helper keeps them at their default but blocked for good, so they never reach it (see the top)
 * and yet the command, which starts with an empty mask, finds them at their default without a
 * system call in the child. The child drops any that reached it before it left the group. */
static const int held_signals[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE};
#define N_HELD_SIGNALS (sizeof held_signals / sizeof held_signals[0])

void die(const char *what) {
    perror(what);
    exit(2);
}

/* A serial port as the channel (a guest's ttyS1): raw bytes both ways, no echo, no flow control;
 * then the ready line, which tells the host that what it sends from now on is read. */
static void open_serial(const char *path) {
    sock = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (sock < 0) die("overhead-spawner: open serial port");
    struct termios t;
    if (tcgetattr(sock, &t) < 0) die("overhead-spawner: tcgetattr");
    cfmakeraw(&t);
    t.c_cflag &= ~(tcflag_t)CRTSCTS;
    t.c_cflag |= CLOCAL | CREAD;
    cfsetspeed(&t, B115200);
    if (tcsetattr(sock, TCSANOW, &t) < 0) die("overhead-spawner: tcsetattr");
    tcflush(sock, TCIFLUSH);
    sock_is_tty = 1;
    static const char ready[] = SERIAL_READY "\n";
    if (write(sock, ready, sizeof ready - 1) != (ssize_t)(sizeof ready - 1)) die("overhead-spawner: write");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: overhead-spawner SOCKET_PATH\n");
        return 2;
    }
    helper_pid = getpid();
    /* A signal to the whole group reaches the JVM, which cancels the run; the helper must outlive
     * it: those signals, and SIGPIPE, are blocked for good (held_signals). The waiting handlers (see
     * "waiting" in overhead-wait.c) are blocked except while a run is waited for. */
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
    struct stat st;
    if (stat(argv[1], &st) == 0 && S_ISCHR(st.st_mode)) {
        open_serial(argv[1]);
    } else {
        struct sockaddr_un addr = {.sun_family = AF_UNIX};
        if (strlen(argv[1]) >= sizeof addr.sun_path) { fprintf(stderr, "overhead-spawner: socket path too long\n"); return 2; }
        strcpy(addr.sun_path, argv[1]);
        sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (sock < 0 || connect(sock, (struct sockaddr *)&addr, sizeof addr) < 0) die("overhead-spawner: connect");
    }
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

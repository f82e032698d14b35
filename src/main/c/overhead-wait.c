/*
 * Waiting for a run of the forking helper: the timer, and the handlers of SIGALRM and SIGIO that act
 * while the helper blocks in wait4 (wait_run, in overhead-run.c beside the clock reads).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "overhead-spawner.h"

#define TERM_GRACE_NS 500000000LL

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

live_t live;

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

void on_alarm(int sig) {
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

void on_io(int sig) {
    (void)sig;
    int saved = errno;
    if (getpid() != helper_pid) return; /* as in on_alarm */
    if (sock_open) {
        char b[64];
        ssize_t k;
        if (sock_is_tty) { /* a serial port: read what is there; a tty never ends */
            int avail = 0;
            while (ioctl(sock, FIONREAD, &avail) == 0 && avail > 0
                   && (k = read(sock, b, (size_t)avail < sizeof b ? (size_t)avail : sizeof b)) > 0)
                if (memchr(b, 'C', (size_t)k)) kill_live();
            k = -1;
            errno = EAGAIN;
        } else {
            while ((k = recv(sock, b, sizeof b, MSG_DONTWAIT)) > 0)
                if (memchr(b, 'C', (size_t)k)) kill_live(); /* a cancel */
        }
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

/* Before the start: what the handlers act on, and the timer for the deadline or the first trim. */
void prepare_wait(request_t *r, io_t *io, int cancel_pending) {
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
void finish_wait(run_t *run) {
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, NULL);
    run->timed_out = live.timed_out;
    run->killed = live.killed;
    live.pid = 0;
    live.io = NULL;
}

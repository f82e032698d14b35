/*
 * Where the command's output goes and what of it is kept (overhead's forking helper): the output
 * file, pipes or anonymous files, and a fixed-size tail of each stream for the reply.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "overhead-spawner.h"

#define STDERR_TAIL 4096

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

/* ---- a fixed-size tail of a stream: output of any size costs at most cap bytes (tail_t: overhead-spawner.h) ---- */
void tail_add(tail_t *t, const char *p, size_t n) {
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
int drain(int fd, tail_t *t, int tee_fd) {
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

void close_io(io_t *io) {
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
int open_io(request_t *r, io_t *io, const char **stage) {
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

/* Gives back all of an anonymous output file but its last keep bytes: their pages are punched out,
 * the size (and the command's offset) stay, so the command writes on as before. */
void trim(int fd, off_t *cut, size_t keep) {
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0) return;
    off_t end = (st.st_size - (off_t)keep) & ~(off_t)4095;
    if (end > *cut && fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, end) == 0) *cut = end;
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
void end_run(request_t *r, io_t *io, run_t *run) {
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

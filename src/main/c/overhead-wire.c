/*
 * The wire protocol of the forking helper (its format: overhead-spawner.c): reading a request from
 * the socket, encoding a reply and sending it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "overhead-spawner.h"

/* ---- reading requests ---- */
unsigned char rbuf[65536];
size_t rpos, rlen;
int out_of_memory; /* an allocation for the request failed: it is read to its end, then refused */

int read_byte(void) { /* -1 on EOF */
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
void send_error(const char *stage, int err) {
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

static void put_tail(tail_t *t) {
    put_u(t->len, 4);
    size_t start = (t->head + t->cap - t->len) % (t->cap ? t->cap : 1);
    size_t first = t->cap - start < t->len ? t->cap - start : t->len;
    if (t->len) {
        put(t->buf + start, first);
        put(t->buf, t->len - first);
    }
}

void free_request(request_t *r) {
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
void read_request(request_t *r) {
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

void put_result(request_t *r, io_t *io, run_t *run, tree_t *tree) {
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

/* Finding the command on PATH before the clock starts: see overhead-path.h. Hand-written because
 * glibc has no call that searches PATH without executing (execvp's own loop is inside execvpe). */
#define _GNU_SOURCE
#include "overhead-path.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The last few answers: a study runs the same few commands (one per variant) over and over. */
#define N_CACHED 16
static struct {
    char *name, *path, *cwd, *found;
} cache[N_CACHED];
static int next_slot;

static const char *path_of(char *const *envp) { /* as getenv: the first PATH= */
    for (size_t i = 0; envp[i]; i++)
        if (strncmp(envp[i], "PATH=", 5) == 0) return envp[i] + 5;
    return NULL;
}

/* Whether execvp, on this errno from one directory, goes on to the next (glibc's execvpe). */
static int passed_over(int err) {
    return err == EACCES || err == ENOENT || err == ENOTDIR || err == ESTALE || err == ENODEV || err == ETIMEDOUT;
}

/* The search itself: 1 with *found set (malloc'd), 0 where execvp must decide. The string given to
 * execve is built as execvp builds it (directory, '/', name; the name alone for an empty entry),
 * so a #! script sees the same path as under execvp; a relative one is checked against cwd, where
 * the child will be when it calls execve. */
static int search(const char *name, const char *path, const char *cwd, char **found) {
    size_t nlen = strlen(name), clen = strlen(cwd);
    char cand[PATH_MAX], check[PATH_MAX];
    for (const char *p = path;; p++) {
        const char *end = strchrnul(p, ':');
        size_t dlen = (size_t)(end - p);
        if (dlen + 1 + nlen >= sizeof cand) return 0;
        memcpy(cand, p, dlen);
        cand[dlen] = '/';
        memcpy(cand + dlen + (dlen > 0), name, nlen + 1);
        const char *at = cand;
        if (cand[0] != '/' && clen > 0) {
            if (clen + 1 + strlen(cand) >= sizeof check) return 0;
            memcpy(check, cwd, clen);
            check[clen] = '/';
            strcpy(check + clen + 1, cand);
            at = check;
        }
        struct stat st;
        if (stat(at, &st) < 0) {
            if (!passed_over(errno)) return 0;
        } else if (S_ISREG(st.st_mode) && faccessat(AT_FDCWD, at, X_OK, AT_EACCESS) == 0) {
            return (*found = strdup(cand)) != NULL;
        } else if (S_ISREG(st.st_mode) && !passed_over(errno)) {
            return 0;
        } /* not a regular file: execve says EACCES, and execvp goes on */
        if (*end == 0) return 0;
        p = end;
    }
}

static void drop(int i) {
    free(cache[i].name);
    free(cache[i].path);
    free(cache[i].cwd);
    free(cache[i].found);
    cache[i].name = cache[i].path = cache[i].cwd = cache[i].found = NULL;
}

const char *path_resolve(const char *name, char *const *envp, const char *cwd) {
    const char *path = path_of(envp);
    if (!path || !name[0] || strchr(name, '/') || strlen(name) > NAME_MAX) return NULL;
    for (int i = 0; i < N_CACHED; i++)
        if (cache[i].found && strcmp(cache[i].name, name) == 0 && strcmp(cache[i].path, path) == 0
                && strcmp(cache[i].cwd, cwd) == 0)
            return cache[i].found;
    char *found;
    if (!search(name, path, cwd, &found)) return NULL; /* not cached: the next run looks again */
    int i = next_slot;
    next_slot = (next_slot + 1) % N_CACHED;
    drop(i);
    cache[i].name = strdup(name);
    cache[i].path = strdup(path);
    cache[i].cwd = strdup(cwd);
    cache[i].found = found;
    if (!cache[i].name || !cache[i].path || !cache[i].cwd) {
        drop(i);
        return NULL;
    }
    return found;
}

void path_forget(const char *found) {
    for (int i = 0; i < N_CACHED; i++)
        if (cache[i].found == found) drop(i);
}

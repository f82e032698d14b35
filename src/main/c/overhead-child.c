/*
 * The command's side of the fork (overhead's forking helper): its environment, and what the child
 * does between vfork (or fork) and the command's exec.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "overhead-spawner.h"

/* ---- the command's side of the fork ---- */

/* Written by the child before it gives up; the parent reads them once vfork returns (the parent
 * is suspended until then, so no race). A forked child has its own memory, so it writes them to
 * fail_fd instead. */
volatile char fail_stage;
volatile int fail_errno;
int fail_fd = -1;

__attribute__((noreturn)) static void child_fail(char stage, int err) {
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
char **build_env(request_t *r) {
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
volatile char path_missed; /* the execve of the path found beforehand failed */

/* Runs in a vfork child: it shares the helper's memory, so it only makes system calls and writes
 * nothing but fail_*, path_missed and environ (which the parent restores). In a forked child
 * (go_fd >= 0) it waits before exec until the parent has opened the counters. Everything that can
 * be done once for all children is done by the helper at its start instead (see main): its fd 0
 * is /dev/null, its own descriptors are all close-on-exec, and every signal but the two it
 * handles is at its default; the command is found on PATH before the clock starts (path). */
void child(request_t *r, char **envp, const char *path, int out_fd, int err_fd, int go_fd) {
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

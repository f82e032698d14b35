/* bench/spawn's floor: fork (or vfork, as posix_spawn does) + execv + wait4 in a plain C loop, each
 * run timed with CLOCK_MONOTONIC around fork and wait4. The command is found on PATH once, before
 * the loop, as overhead's helper finds it before its clock starts: the floor is the cheapest way to
 * run it, not a PATH search per run. Prints the lower quartile and the median of the wall per run
 * and the real time per run, in seconds. Usage: spawn-floor fork|vfork RUNS COMMAND [ARGS...] */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Of sorted values, linear between closest ranks (as numpy's default). */
static double quantile(const double *sorted, int n, double q) {
    double h = (n - 1) * q;
    int lo = (int)h, hi = lo + 1 < n ? lo + 1 : n - 1;
    return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

static int null_fd;
static const char *file; /* the command's path, found once */

/* The first regular file with execute permission on PATH, as execvp would find it (a name with a
 * slash as it is). */
static const char *find(const char *name) {
    if (strchr(name, '/')) return name;
    const char *path = getenv("PATH");
    for (const char *p = path ? path : "/bin:/usr/bin";;) {
        size_t n = strcspn(p, ":");
        char *c = malloc(n + strlen(name) + 2);
        sprintf(c, "%.*s%s%s", (int)n, p, n ? "/" : "", name);
        struct stat st;
        if (stat(c, &st) == 0 && S_ISREG(st.st_mode) && access(c, X_OK) == 0) return c;
        free(c);
        if (!p[n]) break;
        p += n + 1;
    }
    fprintf(stderr, "spawn-floor: %s not found on PATH\n", name);
    exit(127);
}

static double run(int use_vfork, char **argv) {
    double t0 = now();
    pid_t pid = use_vfork ? vfork() : fork();
    if (pid == 0) {
        dup2(null_fd, 0);
        dup2(null_fd, 1);
        execv(file, argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0) {}
    return now() - t0;
}

int main(int argc, char **argv) {
    int use_vfork = strcmp(argv[1], "vfork") == 0;
    int runs = atoi(argv[2]);
    null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    file = find(argv[3]);
    double *wall = malloc(sizeof(double) * (size_t)runs);
    for (int i = 0; i < (runs < 50 ? runs : 50); i++) run(use_vfork, argv + 3);
    double start = now();
    for (int i = 0; i < runs; i++) wall[i] = run(use_vfork, argv + 3);
    double per_run = (now() - start) / runs;
    qsort(wall, (size_t)runs, sizeof *wall, cmp);
    printf("%.9f %.9f %.9f\n", quantile(wall, runs, 0.25), quantile(wall, runs, 0.5), per_run);
    return 0;
}

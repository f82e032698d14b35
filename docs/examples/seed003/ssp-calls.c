/* Seed 003's program: threads that each make a loop of small calls, built by
 * docs/examples/seed003-stack-protector.yaml with and without the stack protector. call() has a local
 * array, which -fstack-protector-strong instruments; mix() has none, which only -fstack-protector-all does.
 * Every 256 calls a thread takes one of eight locks and yields, as sysbench's threads test does. */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
static pthread_mutex_t locks[8];
static long per_thread;
__attribute__((noinline)) static unsigned mix(unsigned x) { return (x ^ (x >> 13)) * 2654435761u; }
__attribute__((noinline)) static unsigned call(unsigned x) {
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%u", x);
    unsigned h = 0;
    for (int i = 0; i < n; i++) h = h * 31u + (unsigned char)buf[i];
    return mix(h);
}
static void *worker(void *arg) {
    unsigned x = (unsigned)(long)arg;
    for (long i = 0; i < per_thread; i++) {
        x = call(x + (unsigned)i);
        if ((i & 255) == 0) {
            pthread_mutex_lock(&locks[x & 7]);
            sched_yield();
            pthread_mutex_unlock(&locks[x & 7]);
        }
    }
    return (void *)(long)x;
}
int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 1;
    long calls = argc > 2 ? atol(argv[2]) : 2000000;
    pthread_t t[256];
    if (threads < 1 || threads > 256) return 2;
    per_thread = calls / threads;
    for (int k = 0; k < 8; k++) pthread_mutex_init(&locks[k], NULL);
    for (int k = 0; k < threads; k++) pthread_create(&t[k], NULL, worker, (void *)(long)k);
    unsigned sum = 0;
    for (int k = 0; k < threads; k++) { void *r; pthread_join(t[k], &r); sum ^= (unsigned)(long)r; }
    printf("%u\n", sum);
    return 0;
}

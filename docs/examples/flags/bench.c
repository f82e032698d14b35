/* A small hot loop whose function has a local array: the code stack protection instruments.
 * Built by docs/examples/flags-hardening.yaml once per variant, with that variant's CFLAGS. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static unsigned step(unsigned x) {
    volatile unsigned char buf[16];
    for (int i = 0; i < 16; i++) {
        buf[i] = (unsigned char)(x >> (i % 8));
    }
    unsigned h = 0;
    for (int i = 0; i < 16; i++) {
        h = h * 31u + buf[i];
    }
    return h ^ x;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 20000000L;
    unsigned x = 1;
    for (long i = 0; i < n; i++) {
        x = step(x + (unsigned)i);
    }
    printf("%u\n", x);
    return 0;
}

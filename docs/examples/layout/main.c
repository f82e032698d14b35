/* Calls a function of each object file in a loop; prints a checksum, the same whatever the layout. */
#include <stdio.h>
#include <stdlib.h>

unsigned long step_a(unsigned long);
unsigned long step_b(unsigned long);
unsigned long step_c(unsigned long);
unsigned long step_d(unsigned long);

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    unsigned long x = 1;
    for (long i = 0; i < n; i++) {
        x = step_d(step_c(step_b(step_a(x))));
    }
    printf("checksum %lu\n", x);
    return 0;
}

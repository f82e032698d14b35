/* One of several object files, so that the link order decides where each function lands. */
unsigned long step_c(unsigned long x) {
    for (int i = 0; i < 8; i++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL + (unsigned long) 'c';
        x ^= x >> 29;
    }
    return x;
}

#!/bin/sh
# Makes a git repository of 12 commits for overhead bisect's tests and docs, in DIR (made afresh).
# Commit 7 adds a cost; the others change only a notes file.
#   c      a tiny C program; commit 7 adds a chain of 4n multiplications (about three times the time)
#   fake   a file 'cost' read by the fake executor (fake @{build_dir}/cost): wall 10 ms, +30% from commit 7
#   noise  the same with 5% jitter and +0.5% from commit 7: a cost lost in the noise
#   steep  wall 10 ms with 20% jitter, x2.7 from commit 7: the others cannot be shown equivalent within 1%
#   flat   wall 10 ms with 20% jitter in every commit: no cost at all
set -eu
dir=$1
mode=$2
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
git init -q
git config user.email bisect@example.invalid
git config user.name "overhead tests"
git config commit.gpgsign false
write() { # write N: the files of commit N
    n=$1
    echo "change $n" >> NOTES
    case $mode in
    c)
        extra=""
        if [ "$n" -ge 7 ]; then extra="unsigned long y = x; for (long i = 0; i < 4 * n; i++) y = y * 6364136223846793005UL + 1; x += y;"; fi
        cat > prog.c <<C
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    volatile unsigned long x = 0;
    for (long i = 0; i < n; i++) x += i;
    $extra
    printf("%lu\n", (unsigned long) x);
    return 0;
}
C
        ;;
    fake)
        if [ "$n" -ge 7 ]; then echo "wall=0.013 jitter=1%" > cost; else echo "wall=0.010 jitter=1%" > cost; fi
        ;;
    steep)
        if [ "$n" -ge 7 ]; then echo "wall=0.027 jitter=20%" > cost; else echo "wall=0.010 jitter=20%" > cost; fi
        ;;
    flat)
        echo "wall=0.010 jitter=20%" > cost
        ;;
    noise)
        if [ "$n" -ge 7 ]; then echo "wall=0.01005 jitter=5%" > cost; else echo "wall=0.010 jitter=5%" > cost; fi
        ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
    esac
}
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
    write "$n"
    git add -A
    subject="commit $n: notes"
    if [ "$n" -eq 7 ]; then
        if [ "$mode" = c ]; then subject="commit 7: a chain of multiplications"; else subject="commit 7: a cost"; fi
    fi
    GIT_AUTHOR_DATE="2026-01-01T00:00:$n" GIT_COMMITTER_DATE="2026-01-01T00:00:$n" git commit -q -m "$subject"
    git tag "c$n"
done

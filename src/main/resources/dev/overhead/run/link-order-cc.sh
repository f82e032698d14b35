#!/bin/sh
# overhead's link-order shuffle (levels: {link_order: shuffle}, docs/workloads.md): reached as $CC.
# Compiling passes straight to the real compiler; linking shuffles the object files among their own
# places on the command line by $OVERHEAD_SEED, so each build lays out its code in another order.
real="${OVERHEAD_REAL_CC:-cc}"
n=0
for a in "$@"; do
    case "$a" in
        -c|-S|-E|-M|-MM) exec $real "$@" ;;
        *.o) n=$((n + 1)); eval "o_$n=\$a" ;;
    esac
done
if [ "$n" -lt 2 ]; then
    exec $real "$@"
fi
perm=$(awk -v n="$n" -v seed="${OVERHEAD_SEED:-1}" 'BEGIN {
    srand(seed); for (i = 1; i <= n; i++) p[i] = i
    for (i = n; i > 1; i--) { j = int(rand() * i) + 1; t = p[i]; p[i] = p[j]; p[j] = t }
    for (i = 1; i <= n; i++) printf "%d ", p[i] }')
k=0
first=1
for a in "$@"; do
    if [ "$first" = 1 ]; then set --; first=0; fi
    case "$a" in
        *.o) k=$((k + 1)); idx=$(echo "$perm" | cut -d' ' -f"$k"); eval "a=\$o_$idx" ;;
    esac
    set -- "$@" "$a"
done
exec $real "$@"

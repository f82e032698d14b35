#!/bin/sh
# build.sh BUILD_DIR: compiles each file with $CC $CFLAGS, links them in a fixed order (the link-order
# shuffle of levels: {link_order: shuffle} reorders the objects when $CC is its wrapper).
set -eu
src=$(cd "$(dirname "$0")" && pwd)
cd "$1"
for f in a b c d main; do
    $CC $CFLAGS -c "$src/$f.c" -o "$f.o"
done
$CC -o layout a.o b.o c.o d.o main.o

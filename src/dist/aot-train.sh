#!/usr/bin/env bash
# Makes the JVM's ahead-of-time cache for overhead (JDK 25: JEP 483 class loading and linking,
# JEP 514 one-step creation, JEP 515 method profiles) by a training run: `overhead compare` of a
# small sample file, the command that is mostly start-up. The launchers pass -XX:AOTCache when the
# cache is there, newer than the jar and made by the same java; without it they start as before.
# Usage: aot-train.sh JAVA JAR OUTPUT [JVM-OPTION...]  (the options the launcher starts java with)
# Never fails the build: a JVM that cannot make the cache leaves none, with a note.
set -u
java="$1" jar="$2" out="$3"
shift 3
# Maven may run on an older JDK (the toolchain compiles on 25): then take a JDK 25 as the launcher
# would, JAVA_HOME first, then /usr/lib/jvm/*.
major() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$(dirname "$(dirname "$(readlink -f "$1")")")/release" 2>/dev/null; }
if [ "$(major "$java")" -lt 25 ] 2>/dev/null || [ -z "$(major "$java")" ]; then
  for d in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
    if [ -n "$d" ] && [ -x "$d/bin/java" ] && [ "$(major "$d/bin/java")" -ge 25 ] 2>/dev/null; then
      java="$d/bin/java"
      break
    fi
  done
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
rm -f "$out" "$out.java"
{
  echo "workload,variant,metric,value"
  for v in base cand; do
    for i in $(seq 1 30); do echo "train,$v,wall,0.0$((10 + i % 7))"; done
  done
} >"$tmp/train.csv"
if "$java" "$@" -XX:AOTCacheOutput="$tmp/overhead.aot" -jar "$jar" compare "$tmp/train.csv" >/dev/null 2>"$tmp/err" \
  && [ -s "$tmp/overhead.aot" ]; then
  mv "$tmp/overhead.aot" "$out"
  readlink -f "$java" >"$out.java" # the cache belongs to this JVM build
else
  echo "[overhead aot] no AOT cache ($java could not make one): overhead starts without it" >&2
  tail -n 3 "$tmp/err" >&2
fi
exit 0

#!/bin/sh
# Build Rapfi's Gomocup brain (github.com/dhbloo/rapfi, GPL-3) from a checkout with g++ and gcc
# alone: the machines we measure on have no cmake or clang. The source list, include paths
# and defines are those of Rapfi/CMakeLists.txt at commit 3aedf3a (the reference build's)
# with the command modules (self-play, tuning, database tools) left out, single-threaded, for
# x86-64 with AVX2 and BMI2 as the reference build (other machines: drop those defines).
#
# Usage: scripts/build-rapfi.sh RAPFI_CHECKOUT OUT_BINARY [EXTRA_CXXFLAGS]
#   e.g. git clone https://github.com/dhbloo/rapfi && git -C rapfi checkout 3aedf3a
#        scripts/build-rapfi.sh rapfi /tmp/pbrain-rapfi
#
# Why: an instrumented build (counters added to Rapfi/search/ab/search.cpp) is how the section "Node
# by node" of docs/gomoku-strength-log.md compared Rapfi's tree with ours. The binary reads
# config.toml and the model from its working directory, so run it from a copy of the reference
# engine's folder. Objects go to a temporary directory (a build took 36 s of wall time on our 2-core
# machine).
set -eu
# Without arguments: the comment block above, read from this file so that it cannot drift.
[ $# -ge 2 ] || { awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0"; exit 2; }
SRC=$(cd "$1/Rapfi" && pwd)
OUT=$2
EXTRA=${3:-}
OBJ=$(mktemp -d)
trap 'rm -rf "$OBJ"' EXIT

INC="-I$SRC -I$SRC/external/cpptoml/include -I$SRC/external/cxxopts/include \
-I$SRC/external/lz4/include -I$SRC/external/simde/include"
# -ffp-contract=off as Rapfi's own build sets it, so that its bench signature does not depend
# on the compiler.
FLAGS="-std=c++17 -O3 -march=native -DUSE_SSE -DUSE_AVX2 -DUSE_BMI2 -DNDEBUG -ffp-contract=off"

SOURCES="command/argutils command/benchmark command/command command/gomocup
core/compressor core/hash core/iohelper core/utils core/platform core/version
database/dbclient database/dbutils database/dbtypes database/yxdbstorage
eval/eval eval/evaluator eval/mix9svqnnue eval/mix10nnue
game/board game/movegen game/pattern
search/hashtable search/movepick search/opening search/searchcommon search/searchoutput
search/searchthread search/timecontrol search/ab/history search/ab/search
search/mcts/node search/mcts/search config internalConfig main"

for c in lz4_all xxhash; do
    gcc -O2 $INC -c "$SRC/external/lz4/src/$c.c" -o "$OBJ/$c.o"
done
# One compiler per core.
echo $SOURCES | tr ' ' '\n' | xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} sh -c \
    'mkdir -p "$(dirname "$2/$1.o")" && g++ $3 $4 $5 -c "$0/$1.cpp" -o "$2/$1.o"' \
    "$SRC" {} "$OBJ" "$FLAGS" "$INC" "$EXTRA"
OBJS=$(for s in $SOURCES; do printf '%s ' "$OBJ/$s.o"; done)
g++ -o "$OUT" $OBJS "$OBJ/lz4_all.o" "$OBJ/xxhash.o" -pthread
echo "built $OUT"

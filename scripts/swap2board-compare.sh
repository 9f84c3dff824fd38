#!/bin/sh
# Sends the same SWAP2BOARD blocks (Piskvork protocol, Swap2 opening) to our Gomocup brain
# and to another brain, and prints both answers side by side, to compare the protocol's
# shapes: three stones on an empty board; SWAP, one or two stones after three; SWAP or one
# stone after five.
#
# Usage: scripts/swap2board-compare.sh /path/to/pbrain-other [our binary]
# (our binary defaults to target/release/reversi-gomoku; build it with cargo build --release).
# Stones are sent as x,y,field lines (field 1 for Black's, 2 for White's), which Rapfi
# requires; our brain reads them as well as the plain x,y lines of the protocol's text.
set -eu
other=${1:?usage: $0 /path/to/pbrain-other [our binary]}
ours=${2:-target/release/reversi-gomoku}

ask() { # $1: program and arguments, $2: stone lines
    printf 'START 15\nINFO rule 1\nINFO timeout_turn 1000\nSWAP2BOARD\n%bDONE\n' "$2" \
        | (cat; sleep 3; printf 'END\n') | $1 2>/dev/null \
        | grep -v -e '^MESSAGE' -e '^OK' -e '^DEBUG' | head -1
}

for stones in '' '7,7,1\n8,7,2\n9,9,1\n' '6,7,1\n6,4,2\n4,2,1\n' \
    '7,7,1\n8,7,2\n9,9,1\n8,8,2\n8,6,1\n' '7,7,1\n8,7,2\n7,8,1\n8,8,2\n8,6,1\n'; do
    n=$(printf '%b' "$stones" | grep -c , || true)
    printf '%s stones: ours "%s", other "%s"\n' "$n" \
        "$(ask "$ours gomocup" "$stones")" "$(ask "$other" "$stones")"
done

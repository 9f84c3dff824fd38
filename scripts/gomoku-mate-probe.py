#!/usr/bin/env python3
"""Mate probe: how many first-seen wins a Gomocup brain finds at a fixed time per move.

Usage: scripts/gomoku-mate-probe.py MS N BRAIN
  e.g. scripts/gomoku-mate-probe.py 1000 80 "target/release/reversi-gomoku gomocup"
       scripts/gomoku-mate-probe.py 100 80 /path/pbrain-rapfi

The positions are those of tests/data/gomoku-positions.txt.xz that the reference engine's
20 000-node search scored as a proven win for the side to move (+30000) while it had not
scored the position one ply before as a proven loss for the other side: the move just played
let a forced win in. N of them are taken, evenly spaced through the file. Each is asked of
BRAIN (a command, split like a shell would) with `INFO timeout_turn MS`; a position counts as
found when the brain reports a proven win before its move (see `gomocup_brain.Brain.ask`).
Prints one line per position, then `found F of N`.
"""
import sys
import time

from gomocup_brain import MATE, Brain, labelled_positions


def first_wins(n: int) -> list[tuple[str, list[str]]]:
    """N positions, evenly spaced, where the last move let in a win for the side to move."""
    rows = labelled_positions()
    score_of = {(rule, tuple(moves)): s for rule, s, moves in rows}
    wins = [(rule, moves) for rule, s, moves in rows
            if s == MATE and score_of.get((rule, tuple(moves[:-1])), -MATE) != -MATE]
    return wins[::max(1, len(wins) // n)][:n]


def main() -> None:
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ms, n, command = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    brain = Brain(command, ms)
    positions = first_wins(n)
    found = 0
    for rule, moves in positions:
        t = time.time()
        _, ev = brain.ask(rule, moves)
        win = ev == MATE
        found += win
        print(rule, len(moves), ev, "found" if win else "-", f"{time.time() - t:.2f} s", flush=True)
    brain.end()
    print(f"found {found} of {len(positions)}")


if __name__ == "__main__":
    main()

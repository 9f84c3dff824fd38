#!/usr/bin/env python3
"""Move-quality probe: how close a Gomocup engine's moves come to a stronger reference engine's,
over fixed positions. Far more sensitive than a match between two similar builds, whose games
mostly repeat each other (see docs/gomoku-strength-log.md, "Testing on balanced openings").

Usage:
  gomoku-move-probe.py label REFERENCE POSITIONS > LABELLED
      For each position (`<rule> <moves…>`, one per line), the reference's move at 2 s and
      that move's value: the reference's evaluation of the position after it, searched to
      200 000 nodes, from the mover's view. Output lines: `<rule> <move> <value> <moves…>`.
  gomoku-move-probe.py probe REFERENCE LABELLED ENGINE TIMEOUT_TURN
      The engine's move in each labelled position (INFO timeout_turn TIMEOUT_TURN ms; our
      brain thinks TIMEOUT_TURN − 60 ms), valued by the reference as above when it differs from
      the reference's move. Prints one line per position, then the summary: the share of
      positions where the moves agree, the mean loss in winning rate against the reference's
      move (the reference's units: 200 per logit), and the moves that turn a position the
      reference does not call lost into a proven loss.

REFERENCE and ENGINE are commands (split like a shell would) of Gomocup brains; the reference
must print `MESSAGE … Eval N …` before its move, as Rapfi does. Positions whose reference value
lies beyond ±1500 are left out of the summary (they are decided whatever is played).
"""
import math
import sys

from gomocup_brain import MATE, Brain

# Positions beyond this value are decided whatever is played.
DECIDED = 1500


def value_of(valuer: Brain, rule: str, moves: list[str], move: str) -> int | None:
    """The valuer's evaluation of playing `move` after `moves`, from the mover's view."""
    _, ev = valuer.ask(rule, moves + [move])
    return None if ev is None else -ev


def win_rate(v: int) -> float:
    return 1 / (1 + math.exp(-max(-MATE, min(MATE, v)) / 200))


def label(reference: str, positions: str) -> None:
    chooser, valuer = Brain(reference, "2000"), Brain(reference, "n200000")
    for line in open(positions, encoding="utf-8"):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        move, _ = chooser.ask(f[0], f[1:])
        if move is None:
            continue
        v = value_of(valuer, f[0], f[1:], move)
        if v is not None:
            print(f[0], move, v, " ".join(f[1:]), flush=True)


def probe(reference: str, labelled: str, engine: str, timeout_turn: str) -> None:
    ours, valuer = Brain(engine, timeout_turn), Brain(reference, "n200000")
    n = agree = blunders = 0
    loss = 0.0
    for line in open(labelled, encoding="utf-8"):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        rule, best, best_value, moves = f[0], f[1], int(f[2]), f[3:]
        if abs(best_value) > DECIDED:
            continue
        move, _ = ours.ask(rule, moves)
        v = best_value if move == best else value_of(valuer, rule, moves, move) if move else None
        if v is None:
            continue
        n += 1
        agree += move == best
        loss += max(0.0, win_rate(best_value) - win_rate(v))
        blunders += v <= -MATE // 2
        print(rule, move, v, best, best_value, " ".join(moves), flush=True)
    print(f"positions {n}, agree {100 * agree / n:.1f} %, mean win-rate loss "
          f"{100 * loss / n:.2f} %, moves into a proven loss {blunders}", flush=True)


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "label":
        label(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 6 and sys.argv[1] == "probe":
        probe(*sys.argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()

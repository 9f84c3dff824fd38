#!/usr/bin/env python3
"""Label positions of recorded Gomoku games with a Gomocup engine's search score, for
`reversi-gomoku gomoku fit-eval --positions`.

Usage: label-gomoku-positions.py ENGINE MOVE_MS EVERY GAMES [FIRST] > POSITIONS
  ENGINE   a Gomocup brain that prints `MESSAGE ... Eval N ...` before its move (Rapfi does)
  MOVE_MS  its time per position (INFO timeout_turn), or `n` and a node count (`n30000`: INFO
           max_node, no time limit), which makes the labels reproducible
  EVERY    label every EVERY-th position of each game, from ply FIRST (default 6) on
  GAMES    a games file (`<rule> <B|W|D> <moves…>`, see tests/data/gomoku-games.txt); a
           result of `-` labels only the final position (random-gomoku-positions.py)
Output: one line per position, `<rule> <score> <moves…>`, the score being the engine's
evaluation for the side to move after those moves (positions where it gave none are skipped).
"""
import sys

from gomocup_brain import Brain, xy


def has_five(moves: list[str]) -> bool:
    """Whether the stones of the last mover hold five (or more) in a row."""
    own = {xy(m) for m in moves[len(moves) - 1 :: -2]}
    for x, y in own:
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all((x + k * dx, y + k * dy) in own for k in range(5)):
                return True
    return False


def main() -> None:
    engine, budget, every, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    first = int(sys.argv[5]) if len(sys.argv) > 5 else 6
    brain = Brain(engine, budget)
    for line in open(games, encoding="utf-8"):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        rule, moves = f[0], f[2:]
        # A result of "-" asks for the final position only.
        plies = [len(moves)] if f[1] == "-" else range(first, len(moves), every)
        for n in plies:
            if has_five(moves[:n]):
                break
            # A mate is kept as ±30000: the fit leaves such out.
            _, score = brain.ask(rule, moves[:n])
            if score is not None:
                print(rule, score, " ".join(moves[:n]), flush=True)
    brain.end()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Balanced Gomoku openings for engine-against-engine tests: the labelled positions whose
score for the side to move is at most MAX in size, as Gomocup `dx,dy` opening lines for
`reversi-gomoku match --openings`.

Why: from randomised openings, one colour wins both games of a pair (colours swapped) in about
three pairs of four, whoever plays it, so those games say nothing about which engine is
stronger. Openings a strong engine scores near even leave the result to the engines.

Usage: balanced-gomoku-openings.py MAX COUNT SEED LABELLED... > OPENINGS
  MAX       largest |score| kept, in the labeller's units (Rapfi: 200 per logit, so 100 is a
            winning rate between 38 % and 62 % for the side to move)
  COUNT     at most this many openings, drawn at random (seeded) from those kept
  LABELLED  files of `label-gomoku-positions.py` (`<rule> <score> <moves…>`)
"""
import random
import sys


def main() -> None:
    limit, count, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    kept = set()
    for path in sys.argv[4:]:
        for line in open(path, encoding="utf-8"):
            f = line.split()
            if len(f) < 3 or f[0].startswith("#") or abs(int(f[1])) > limit:
                continue
            # Board notation (column letter, row from the bottom) to offsets from the centre.
            kept.add(", ".join(f"{ord(m[0]) - 97 - 7},{15 - int(m[1:]) - 7}" for m in f[2:]))
    chosen = sorted(kept)
    random.Random(seed).shuffle(chosen)
    for line in chosen[:count]:
        print(line)


if __name__ == "__main__":
    main()

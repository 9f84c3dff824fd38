#!/usr/bin/env python3
"""Replace the scores of one rule's unproven positions in a positions file with new labels,
e.g. from a shallower or deeper teacher search, keeping every other line as it is.

Usage: relabel-gomoku-positions.py POSITIONS LABELS RULE CLAMP > NEW_POSITIONS
  POSITIONS  a positions file (`<rule> <score> <moves…>`, `.xz` read directly), e.g.
             tests/data/gomoku-positions.txt.xz
  LABELS     the same positions relabelled, as `label-gomoku-positions.py` writes them
  RULE       only positions of this rule (freestyle, standard or renju) are relabelled
  CLAMP      a new label that is a proven result (±30000) is written as ±CLAMP: the old label
             said the position was not proven, and leaving it out would drop exactly the
             clearest positions from the fit
Positions already proven (±30000) keep their label. A position missing from LABELS is an
error: the new file must hold the same positions as the old.
"""
import lzma
import sys

from gomocup_brain import MATE


def main() -> None:
    positions, labels, rule, clamp = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    new = {}
    for line in open(labels, encoding="utf-8"):
        f = line.split()
        if f and not f[0].startswith("#"):
            new[(f[0], " ".join(f[2:]))] = int(f[1])
    opener = lzma.open if positions.endswith(".xz") else open
    for line in opener(positions, "rt", encoding="utf-8"):
        f = line.split()
        if not f or f[0].startswith("#") or f[0] != rule or abs(int(f[1])) >= MATE:
            sys.stdout.write(line)
            continue
        key = (f[0], " ".join(f[2:]))
        if key not in new:
            sys.exit(f"no new label for: {line.strip()}")
        score = new[key]
        if abs(score) >= MATE:
            score = clamp if score > 0 else -clamp
        print(f[0], score, " ".join(f[2:]))


if __name__ == "__main__":
    main()

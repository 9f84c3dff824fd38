#!/usr/bin/env python3
"""Quiet-ish training positions for the Gomoku evaluation: each opening of a Gomocup/Piskvork
openings file continued by a few random moves near the stones (seeded, so reproducible), in
the format `label-gomoku-positions.py` reads (`<rule> - <moves…>`: label the whole list).

Usage: random-gomoku-positions.py RULE OPENINGS PER_OPENING SEED [MAX_EXTRA [openings]] > FILE
  MAX_EXTRA  at most this many random moves (default 8; at least 1)
  openings   write Gomocup `dx,dy` opening lines instead (for `reversi-gomoku match
             --openings`: more varied starting positions for engine games)
"""
import random
import sys


def main() -> None:
    rule, path, per, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    max_extra = int(sys.argv[5]) if len(sys.argv) > 5 else 8
    as_openings = len(sys.argv) > 6 and sys.argv[6] == "openings"
    rng = random.Random(seed)
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        nums = [int(t) for t in line.replace(" ", "").split(",") if t]
        stones = [(7 + nums[i], 7 + nums[i + 1]) for i in range(0, len(nums), 2)]
        if any(not (0 <= x < 15 and 0 <= y < 15) for x, y in stones):
            continue
        for _ in range(per):
            moves = list(stones)
            for _ in range(rng.randint(1, max_extra)):
                taken = set(moves)
                near = sorted(
                    {
                        (x + dx, y + dy)
                        for x, y in moves
                        for dx in range(-2, 3)
                        for dy in range(-2, 3)
                        if 0 <= x + dx < 15 and 0 <= y + dy < 15 and (x + dx, y + dy) not in taken
                    }
                )
                moves.append(rng.choice(near))
            if as_openings:
                print(", ".join(f"{x - 7},{y - 7}" for x, y in moves))
            else:
                # Board notation: column letter, row counted from the bottom.
                print(rule, "-", " ".join(f"{chr(97 + x)}{15 - y}" for x, y in moves))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Move-quality probe: how close a Gomocup engine's moves come to a stronger reference engine's,
over fixed positions. Far more sensitive than a match between two similar builds, whose games
mostly repeat each other (see README, "Testing on balanced openings").

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
import queue
import re
import shlex
import subprocess
import sys
import threading
import time

RULE_BITS = {"freestyle": 0, "standard": 1, "renju": 4}
EVAL_RE = re.compile(r"Eval ([-+]?M?\d+)")
MOVE_RE = re.compile(r"^(\d+),(\d+)$")
MATE = 30000
DECIDED = 1500


def xy(move: str) -> tuple[int, int]:
    return ord(move[0].lower()) - ord("a"), 15 - int(move[1:])


def name(x: int, y: int) -> str:
    return chr(ord("A") + x) + str(15 - y)


class Brain:
    """One Gomocup brain process, asked for a move in one position at a time."""

    def __init__(self, command: str, budget: str):
        self.command, self.budget = command, budget
        self.lines: queue.Queue = queue.Queue()
        self.start()

    def start(self) -> None:
        p = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        threading.Thread(target=lambda: [self.lines.put((p.pid, l)) for l in p.stdout],
                         daemon=True).start()
        self.proc, self.rule = p, None

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def ask(self, rule: str, moves: list[str]) -> tuple[str | None, int | None]:
        """The brain's move and evaluation (None when it gave none) after `moves`."""
        if rule != self.rule:
            self.send(f"INFO rule {RULE_BITS[rule]}")
            self.send("START 15")
            if self.budget.startswith("n"):
                self.send("INFO timeout_turn 600000")
                self.send(f"INFO max_node {self.budget[1:]}")
            else:
                self.send(f"INFO timeout_turn {self.budget}")
            self.send("INFO timeout_match 100000000")
            self.rule = rule
        # Rapfi may answer a BOARD sent at once after its move with "ERROR Unknown command".
        time.sleep(0.01)
        self.send("BOARD")
        for i, m in enumerate(moves):
            x, y = xy(m)
            self.send(f"{x},{y},{1 if i % 2 == len(moves) % 2 else 2}")
        self.send("DONE")
        ev = None
        while True:
            try:
                pid, out = self.lines.get(timeout=120)
            except queue.Empty:
                self.proc.kill()
                self.start()
                return None, None
            if pid != self.proc.pid:
                continue
            out = out.strip()
            if m := EVAL_RE.search(out):
                t = m.group(1)
                ev = int(t) if "M" not in t else (-MATE if t.startswith("-") else MATE)
            if m := MOVE_RE.match(out):
                return name(int(m.group(1)), int(m.group(2))), ev
            if out.startswith("ERROR"):
                return None, None


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

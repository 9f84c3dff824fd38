"""A Gomocup brain process asked for one move at a time, shared by `label-gomoku-positions.py`,
`gomoku-move-probe.py` and `gomoku-mate-probe.py`, and the probes' positions, shared with
`gomoku-depth-probe.py` and `gomoku-node-speed.py`.

Protocol: the Gomocup AI protocol (https://plastovicka.github.io/protocl2en.htm), with the
`INFO rule` bits of Gomocup (0 Freestyle, 1 Standard, 4 Renju) and `INFO max_node`, which Rapfi
reads. Moves are named as our `match` names them: columns A–O, rows 1–15 from the bottom.
"""
import lzma
import os
import queue
import re
import shlex
import subprocess
import sys
import threading
import time

RULE_BITS = {"freestyle": 0, "standard": 1, "renju": 4}
EVAL_RE = re.compile(r"Eval ([-+]?M?\d+)")
# Our brain's report: `MESSAGE depth D score S nodes N`, S being `+12 eval`, `win in 7` or
# `loss in 4` (only its proven results are read: its units are not Rapfi's).
OUR_MATE_RE = re.compile(r"score (win|loss) in \d+")
MOVE_RE = re.compile(r"^(\d+),(\d+)$")
# A mate ("M14", "-M14") is reported as ±MATE.
MATE = 30000


POSITIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data",
                         "gomoku-positions.txt.xz")


def labelled_positions() -> list[tuple[str, int, list[str]]]:
    """Every position of tests/data/gomoku-positions.txt.xz: (rule, Rapfi's score, moves)."""
    rows = []
    for line in lzma.open(POSITIONS, "rt", encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        f = line.split()
        rows.append((f[0], int(f[1]), f[2:]))
    return rows


def quiet_probe_positions() -> list[tuple[str, list[str]]]:
    """The depth probe's positions: every 12th quiet one (|score| < 300), 30 at most."""
    quiet = [(rule, moves) for rule, score, moves in labelled_positions() if abs(score) < 300]
    return quiet[::12][:30]


def xy(move: str) -> tuple[int, int]:
    """Protocol coordinates (x from the left, y from the top) of a move such as `H8`."""
    return ord(move[0].lower()) - ord("a"), 15 - int(move[1:])


def name(x: int, y: int) -> str:
    """The move named by protocol coordinates (x from the left, y from the top)."""
    return chr(ord("A") + x) + str(15 - y)


class Brain:
    """One brain process; `budget` is a time per move in ms (`"1000"`) or a node count
    (`"n200000"`: INFO max_node, no time limit), which makes its answers reproducible."""

    def __init__(self, command: str, budget: str):
        self.command = command
        self.max_node = int(budget[1:]) if budget.startswith("n") else None
        # A node limit searches about 1 M nodes a second; the time limit only guards a hang.
        self.move_ms = 600_000 if self.max_node else int(budget)
        # Seconds to wait for an answer before the brain counts as hung.
        self.patience = (self.max_node / 100_000 if self.max_node else 10 * self.move_ms / 1000) + 5
        self.lines: queue.Queue = queue.Queue()
        self.start()

    def start(self) -> None:
        p = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, bufsize=1)
        # Lines carry the pid, so a restarted brain never reads its predecessor's output.
        threading.Thread(target=lambda: [self.lines.put((p.pid, l)) for l in p.stdout],
                         daemon=True).start()
        self.proc, self.rule = p, None

    def restart(self, why: str) -> None:
        print(f"{why}: restarting {self.command}", file=sys.stderr)
        self.proc.kill()
        self.start()

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def ask(self, rule: str, moves: list[str]) -> tuple[str | None, int | None]:
        """The brain's move and evaluation for the side to move after `moves` (each None when
        it gave none). A brain that answers ERROR or nothing in time is restarted."""
        if rule != self.rule:
            # START (re)loads the brain's set-up: only when the rule changes.
            self.send(f"INFO rule {RULE_BITS[rule]}")
            self.send("START 15")
            self.send(f"INFO timeout_turn {self.move_ms}")
            if self.max_node:
                self.send(f"INFO max_node {self.max_node}")
            self.send("INFO timeout_match 100000000")
            self.rule = rule
        # Rapfi, given a BOARD at once after its move, may answer the stone lines with
        # "ERROR Unknown command" (seen with node limits): let it settle first.
        time.sleep(0.01)
        self.send("BOARD")
        for i, m in enumerate(moves):
            x, y = xy(m)
            self.send(f"{x},{y},{1 if i % 2 == len(moves) % 2 else 2}")
        self.send("DONE")
        ev = None
        while True:
            try:
                pid, out = self.lines.get(timeout=self.patience)
            except queue.Empty:
                self.restart(f"no answer on {' '.join(moves)}")
                return None, None
            if pid != self.proc.pid:
                continue
            out = out.strip()
            if m := EVAL_RE.search(out):
                t = m.group(1)
                ev = int(t) if "M" not in t else (-MATE if t.startswith("-") else MATE)
            elif m := OUR_MATE_RE.search(out):
                ev = MATE if m.group(1) == "win" else -MATE
            if m := MOVE_RE.match(out):
                return name(int(m.group(1)), int(m.group(2))), ev
            if out.startswith("ERROR"):
                # Its answer to a half-read board may still come: never take it for the next.
                self.restart(f"{out} on {' '.join(moves)}")
                return None, None

    def end(self) -> None:
        self.send("END")

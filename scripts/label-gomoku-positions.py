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
import queue
import time
import re
import subprocess
import sys
import threading

RULE_BITS = {"freestyle": 0, "standard": 1, "renju": 4}


def xy(move: str) -> tuple[int, int]:
    return ord(move[0].lower()) - ord("a"), 15 - int(move[1:])


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
    max_node = int(budget[1:]) if budget.startswith("n") else None
    # A node limit searches about 1 M nodes a second; the time limit only guards a hang.
    move_ms = 600_000 if max_node else int(budget)
    first = int(sys.argv[5]) if len(sys.argv) > 5 else 6
    eval_re = re.compile(r"Eval ([-+]?M?\d+)")
    move_re = re.compile(r"^\d+,\d+$")
    p = None
    lines: queue.Queue = queue.Queue()

    def start() -> subprocess.Popen:
        proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

        def pump() -> None:
            for out in proc.stdout:
                lines.put((proc.pid, out))

        threading.Thread(target=pump, daemon=True).start()
        return proc

    def send(line: str) -> None:
        p.stdin.write(line + "\n")
        p.stdin.flush()

    current_rule = None
    p = start()
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
            if rule != current_rule:
                # START (re)loads the engine's set-up: only when the rule changes.
                send(f"INFO rule {RULE_BITS[rule]}")
                send("START 15")
                send(f"INFO timeout_turn {move_ms}")
                if max_node:
                    send(f"INFO max_node {max_node}")
                current_rule = rule
            # Rapfi, given a BOARD at once after its move, may answer the stone lines with
            # "ERROR Unknown command" (seen with node limits): let it settle first.
            time.sleep(0.01)
            send("BOARD")
            for i, m in enumerate(moves[:n]):
                x, y = xy(m)
                own = (i % 2) == (n % 2)
                send(f"{x},{y},{1 if own else 2}")
            send("DONE")
            score = None
            while True:
                try:
                    pid, out = lines.get(timeout=(max_node / 100_000 if max_node else 10 * move_ms / 1000) + 5)
                except queue.Empty:
                    # No answer: restart the engine and skip the position.
                    print(f"no answer on {' '.join(moves[:n])}", file=sys.stderr)
                    p.kill()
                    p = start()
                    current_rule = None
                    score = None
                    break
                if pid != p.pid:
                    continue
                out = out.strip()
                m = eval_re.search(out)
                if m:
                    # A mate ("M14", "-M14") is kept as ±30000: the fit leaves such out.
                    t = m.group(1)
                    score = int(t) if "M" not in t else (-30000 if t.startswith("-") else 30000)
                if move_re.match(out) or out.startswith("ERROR"):
                    break
            if score is not None:
                print(rule, score, " ".join(moves[:n]), flush=True)
    send("END")


if __name__ == "__main__":
    main()

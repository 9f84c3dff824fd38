#!/usr/bin/env python3
"""Turn `reversi-gomoku match gomoku … --verbose` logs into the games file that
`reversi-gomoku gomoku fit-eval` reads: one game per line, `<rule> <B|W|D> <moves…>`.

Usage: gomoku-games-from-match-logs.py RULE LOG… >> tests/data/gomoku-games.txt
Games that ended by a forfeit are skipped (their result says nothing about the position).
"""
import re
import sys

RESULT = {"Some(Win(Black))": "B", "Some(Win(White))": "W", "Some(Draw)": "D"}


def main() -> None:
    rule, logs = sys.argv[1], sys.argv[2:]
    line_re = re.compile(r"^opening \d+ .* as (Black|White): (Some\([A-Za-z()]+\)) (.*)$")
    for path in logs:
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = line_re.match(line.strip())
                if not m or m.group(2) not in RESULT:
                    continue
                print(rule, RESULT[m.group(2)], m.group(3).strip())


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""List string literals in the app's code that look like words for people and do not go
through the message catalogue (`tr!`), file by file, with a count per file.

A heuristic for moving strings into assets/i18n/*.ftl (see src/i18n/mod.rs): it skips
comments, test modules, `tr!` calls, widget ids and messages for programmers (panics,
asserts, prints), and keeps literals with a letter that start upper case or hold a space.
Keys, file names and notation that it still lists can stay as they are.

Usage: scripts/untranslated-strings.py [FILE_OR_DIR ...]   (default: src/app)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
# Lines whose literals are not shown to people.
NOT_UI = re.compile(
    r"tr!\(|Id::|IdSalt|id_salt|Grid::new|Panel::(top|bottom|left|right)|ScrollArea::|"
    r"expect\(|panic!|unreachable!|assert|eprintln!|println!|debug!|#\[|env!|include_"
)

# Literals that are not words for people: the app id, a line printed to stderr, number
# suffixes, a ranking number, a proven win or loss ("W5", as on the board and in files), a
# Debug name, the help's .obf diagrams, a move list's numbers, and a review's comment in
# annotated game files (English like the rest of the file).
KEEP = {
    "Reversi & Gomoku",
    "first frame shown after {} ms",
    "{:.1} k",
    "{:.2} M",
    "{:.2} G",
    "{}. {name}",
    "W{n}",
    "L{n}",
    "Autosaver",
    " X",
    "OOX-----",
    "{}. {m}",
    "{}; better {} ({})",
}


def candidates(path):
    """(line number, literal) for each literal in `path` that looks like UI text."""
    in_tests = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#[cfg(test)]"):
            in_tests = True
        if in_tests or stripped.startswith("//") or NOT_UI.search(line):
            continue
        code = line.split("//", 1)[0] if '"' not in line.split("//", 1)[-1] else line
        for match in LITERAL.finditer(code):
            text = match.group(1)
            if text in KEEP or re.fullmatch(r"[A-Z0-9_]+", text):
                continue
            if re.search(r"[A-Za-z]", text) and (" " in text or text[:1].isupper()):
                yield number, text


def main():
    targets = [Path(a) for a in sys.argv[1:]] or [ROOT / "src/app"]
    files = []
    for t in targets:
        files.extend(sorted(t.rglob("*.rs")) if t.is_dir() else [t])
    total = 0
    summary = []
    for f in files:
        found = list(candidates(f))
        name = f.resolve().relative_to(ROOT) if f.resolve().is_relative_to(ROOT) else f
        for number, text in found:
            print(f'{name}:{number}: "{text}"')
        if found:
            summary.append((name, len(found)))
        total += len(found)
    print()
    for name, count in summary:
        print(f"{count:4} {name}")
    print(f"{total:4} literal(s) outside the catalogue")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Node speed: Hard's nodes a second at a fixed depth, for one or more builds side by side.

Usage: scripts/gomoku-node-speed.py BIN[,BIN...] [DEPTH] [RULE]
  e.g. scripts/gomoku-node-speed.py target/release/reversi-gomoku,/tmp/old/reversi-gomoku 9

Searches the depth probe's positions (every 12th quiet position, |score| < 300, of
tests/data/gomoku-positions.txt.xz, 30 at most; see scripts/gomoku-depth-probe.py) with
`BIN gomoku search --depth DEPTH` (default 9) under each position's own rule, or under RULE
(freestyle, standard or renju) when given, taking the builds in turn on each position so
that a slower spell of the machine falls on all of them alike. Prints each build's total
nodes, total time and nodes a second. Builds that search the same tree print the same node
total; only then do their speeds compare the cost of a node.
"""
import re, subprocess, sys

from gomocup_brain import quiet_probe_positions

bins = sys.argv[1].split(',')
depth = sys.argv[2] if len(sys.argv) > 2 else '9'
rule_override = sys.argv[3] if len(sys.argv) > 3 else None
sel = [(rule_override or rule, moves) for rule, moves in quiet_probe_positions()]
total = {b: [0, 0.0] for b in bins}
for rule, moves in sel:
    for b in bins:
        out = subprocess.run([b, 'gomoku', 'search', '--rule', rule, '--depth', depth] + moves,
                             capture_output=True, text=True).stdout
        m = re.search(r'nodes (\d+) in ([\d.]+) s', out)
        if not m:
            sys.exit('%s printed no node count for %s %s:\n%s' % (b, rule, ' '.join(moves), out))
        total[b][0] += int(m.group(1))
        total[b][1] += float(m.group(2))
for b in bins:
    n, t = total[b]
    print('%s: %d nodes in %.2f s, %.3f M nodes a second' % (b, n, t, n / t / 1e6))

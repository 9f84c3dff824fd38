#!/usr/bin/env python3
"""Depth probe: how deep a Gomocup brain searches at a fixed time per move.

Usage: scripts/gomoku-depth-probe.py BRAIN MS [BRAIN ARGS...]
  e.g. scripts/gomoku-depth-probe.py target/release/reversi-gomoku 1000 gomocup

Feeds every 12th quiet position (|score| < 300) of tests/data/gomoku-positions.txt.xz, 30 at
most, to the brain with `INFO timeout_turn MS`, reads the last `MESSAGE depth D score S
nodes N` line it prints before its move, and prints each position's depth and nodes, then
the mean depth, the median depth and the mean nodes per move (positions searched with more
than 1000 nodes; a forced reply is left out). Rapfi's report (`MESSAGE Speed …K | Depth
D-S | Eval … | Node N | Time …ms`) is read too, its nominal depth D, so the same command
measures it: `scripts/gomoku-depth-probe.py <path>/pbrain-rapfi 1000`. Both are told the
match has no time limit, so the turn's time is what binds.
"""
import re, statistics, subprocess, sys
from gomocup_brain import quiet_probe_positions
binary = sys.argv[1]; ms = int(sys.argv[2]); extra = sys.argv[3:]
sel = quiet_probe_positions()
p = subprocess.Popen([binary] + extra, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + '\n'); p.stdin.flush()
def read_until(pred):
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit('eof')
        l = l.strip()
        if pred(l): return l
depths = []; nodes = []
for rule, moves in sel:
    send('INFO rule %d' % (4 if rule == 'renju' else 0)); send('START 15'); read_until(lambda l: l == 'OK' or l.startswith('ERROR'))
    send('INFO timeout_turn %d' % ms); send('INFO timeout_match 100000000')
    send('INFO time_left 100000000'); send('BOARD')
    me = len(moves) % 2
    for i, m in enumerate(moves):
        x = ord(m[0]) - ord('A'); y = 15 - int(m[1:])
        send('%d,%d,%d' % (x, y, 1 if i % 2 == me else 2))
    send('DONE')
    d = n = sc = None
    while True:
        l = read_until(lambda l: True)
        mm = re.match(r'MESSAGE depth (\d+) score (.*) nodes (\d+)', l)
        if mm: d, sc, n = int(mm.group(1)), mm.group(2), int(mm.group(3)); continue
        mm = re.match(r'MESSAGE Speed \S+ \| Depth (\d+)-\d+ \| Eval (\S+) \| Node (\d+)([KM]?)', l)
        if mm:
            d, sc = int(mm.group(1)), mm.group(2)
            n = int(mm.group(3)) * {'': 1, 'K': 1000, 'M': 1000000}[mm.group(4)]
            continue
        if re.match(r'^\d+,\d+$', l): break
    print(rule, len(moves), 'depth', d, 'score', sc, 'nodes', n, flush=True)
    if n > 1000: depths.append(d); nodes.append(n)
send('END')
print('mean depth %.2f median %s mean nodes %d' % (statistics.mean(depths), statistics.median(depths), statistics.mean(nodes)))

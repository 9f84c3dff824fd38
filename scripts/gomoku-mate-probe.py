#!/usr/bin/env python3
"""Mate probe: how many first-seen wins a Gomocup brain finds at a fixed time per move.

Usage: scripts/gomoku-mate-probe.py MS N BRAIN [BRAIN ARGS...]
  e.g. scripts/gomoku-mate-probe.py 1000 80 target/release/reversi-gomoku gomocup
       scripts/gomoku-mate-probe.py 100 80 /path/pbrain-rapfi

The positions are those of tests/data/gomoku-positions.txt.xz that the reference engine's
20 000-node search scored as a proven win for the side to move (+30000) while it had not
scored the position one ply before as a proven loss for the other side: the move just played
let a forced win in. N of them are taken, evenly spaced through the file. Each is sent with
`INFO timeout_turn MS`; a position counts as found when the brain's last evaluation message
before its move reports a win (ours: `MESSAGE depth D score win…`; Rapfi: `Eval +M…`).
Prints one line per position, then `found F of N`.
"""
import lzma, os, re, subprocess, sys, time

ms, n = int(sys.argv[1]), int(sys.argv[2])
cmd = sys.argv[3:]
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'data',
                    'gomoku-positions.txt.xz')
rows = []
for line in lzma.open(path, 'rt', encoding='utf-8'):
    if line.startswith('#') or not line.strip():
        continue
    f = line.split()
    rows.append((f[0], int(f[1]), f[2:]))
score_of = {(rule, tuple(moves)): s for rule, s, moves in rows}
first_wins = [(rule, moves) for rule, s, moves in rows
              if s == 30000 and score_of.get((rule, tuple(moves[:-1])), -30000) != -30000]
sel = first_wins[::max(1, len(first_wins) // n)][:n]

p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(s):
    p.stdin.write(s + '\n')
    p.stdin.flush()


def line():
    l = p.stdout.readline()
    if not l:
        raise SystemExit('the brain closed its output')
    return l.strip()


found = 0
for rule, moves in sel:
    send('INFO rule %d' % (4 if rule == 'renju' else 0))
    send('START 15')
    while (l := line()) != 'OK' and not l.startswith('ERROR'):
        pass
    send('INFO timeout_turn %d' % ms)
    send('INFO timeout_match 100000000')
    send('BOARD')
    me = len(moves) % 2
    for i, m in enumerate(moves):
        send('%d,%d,%d' % (ord(m[0]) - ord('A'), 15 - int(m[1:]), 1 if i % 2 == me else 2))
    t = time.time()
    send('DONE')
    info = ''
    while not re.match(r'^\d+,\d+$', l := line()):
        if l.startswith('MESSAGE') and ('Eval' in l or 'score' in l):
            info = l
    m = re.search(r'score (\S+)', info) or re.search(r'Eval (\S+)', info)
    score = m.group(1) if m else '?'
    win = score.lower().startswith(('win', '+m'))
    found += win
    print(rule, len(moves), score, 'found' if win else '-', '%.2f s' % (time.time() - t), flush=True)
send('END')
print('found %d of %d' % (found, len(sel)))

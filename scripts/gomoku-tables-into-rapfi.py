#!/usr/bin/env python3
"""Our Gomoku evaluation tables in Rapfi's classical model format, so that Rapfi's search can
play with our evaluation: a measurement of how much of the gap to Rapfi is the evaluation and
how much the search.

Why: our Hard and Rapfi's classical engine share one evaluation shape (a value per pattern
code of every empty point, Rapfi's `EVALS`), so the same tables can run under either search.
Rapfi playing itself with our tables against itself with its own measures what our tables
cost; our Hard against Rapfi with our tables measures what our search costs.

Usage: gomoku-tables-into-rapfi.py RAPFI_MODEL OUR_TABLES OUT [--zero-threat] [--keep-evals]
                                  [--our-order]
  RAPFI_MODEL  a Rapfi classical model (e.g. `model220723.bin` of dhbloo/rapfi-networks; GPL-3,
               not part of this repository); its threat and move-ordering tables are kept
  OUR_TABLES   our tables, `assets/gomoku-eval.bin`
  OUT          the new model; point a copy of Rapfi's `config.toml` at it (`binary_file`).
               Rapfi reads a relative `binary_file` from its working directory first and
               from the config's folder only when there is none there, so run it from that
               folder (a wrapper that changes to it) or give each model its own name: a run
               from a directory holding another `ours.bin` plays with that one
  --zero-threat  also set Rapfi's threat-mask values (`EVALS_THREAT`) to 0
  --keep-evals   keep Rapfi's own point values (with --zero-threat: Rapfi without its threat term)
  --our-order    also replace Rapfi's move-ordering scores (`P4SCORES`) with our static order
                 (`src/gomoku/order.rs`: the same value for the mover's code and the opponent's),
                 times 4/3 so that Rapfi's history weights (an entry over 128 and 256) weigh
                 against it as ours (over 96 and 192) weigh against our order

Formats:
- Rapfi's model is one LZ4 frame (lz4.org frame format) holding: the scaling factor (f64,
  evaluation units per logit of the winning rate), `EVALS[4][2380]` (i16: Freestyle, Standard,
  Renju Black, Renju White; one value per pattern code, a code being a multiset of four of
  Rapfi's 14 line patterns, numbered as non-decreasing tuples in lexicographic order), then
  `EVALS_THREAT[4][2048]` (i16) and the move-ordering scores (`P4SCORES`: per table, per
  code, the mover's and the opponent's score, i16 each). It is written back as one
  uncompressed block.
- Ours (`src/gomoku/eval.rs`): `GEV2`, then Freestyle/Standard and Renju tables, each
  `[colour][side to move's points, opponent's points][1365 codes]` (i16), a code being a
  multiset of four of our 12 patterns.
Rapfi has one value per code; ours are averaged over the two kinds (which loses our tables'
tempo: Rapfi's threat term plays that part) and rescaled from our units per logit
(`FIT_SCALE`: 345 Freestyle, 417.7 Renju) to Rapfi's. Rapfi's Standard tables are kept.
"""
import itertools
import struct
import sys

RAPFI_PATTERNS = 14  # DEAD OL B1 F1 B2 F2 F2A F2B B3 F3 F3S B4 F4 F5
RAPFI_CODES = 2380
RAPFI_THREAT_CODES = 2048
# Byte offsets in the decoded model: the point values, the threat values, the move-ordering scores.
EVALS_AT = 8
THREAT_AT = EVALS_AT + 2 * 4 * RAPFI_CODES
ORDER_AT = THREAT_AT + 2 * 4 * RAPFI_THREAT_CODES
OUR_PATTERNS = 12  # None B1 F1 B2 F2 B3 F3 B4 F4 DoubleFour F5 Overline
OUR_CODES = 1365
# Our units per logit, a copy of `FIT_SCALE` in src/gomoku/eval.rs (Freestyle, Renju).
FIT_SCALE = (345.0, 417.724816941565)
# Rapfi's pattern kind -> ours: F2A/F2B are open twos, F3S an open three.
TO_OURS = (0, 11, 1, 2, 3, 4, 4, 4, 5, 6, 6, 7, 8, 10)

PRIME = (2654435761, 2246822519, 3266489917, 668265263, 374761393)
MASK = 0xFFFFFFFF
LZ4_MAGIC = b"\x04\x22\x4d\x18"


def rotl(x: int, r: int) -> int:
    return ((x << r) | (x >> (32 - r))) & MASK


def xxh32(data: bytes) -> int:
    """xxHash32 with seed 0 (for the LZ4 frame's header checksum)."""
    p1, p2, p3, p4, p5 = PRIME
    n, i = len(data), 0
    if n >= 16:
        v = [(p1 + p2) & MASK, p2, 0, (-p1) & MASK]
        while i + 16 <= n:
            for k in range(4):
                (x,) = struct.unpack_from("<I", data, i)
                i += 4
                v[k] = (rotl((v[k] + x * p2) & MASK, 13) * p1) & MASK
        h = (rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18)) & MASK
    else:
        h = p5
    h = (h + n) & MASK
    while i + 4 <= n:
        (x,) = struct.unpack_from("<I", data, i)
        i += 4
        h = (rotl((h + x * p3) & MASK, 17) * p4) & MASK
    while i < n:
        h = (rotl((h + data[i] * p5) & MASK, 11) * p1) & MASK
        i += 1
    h ^= h >> 15
    h = (h * p2) & MASK
    h ^= h >> 13
    h = (h * p3) & MASK
    return h ^ (h >> 16)


def lz4_length(block: bytes, i: int, n: int) -> tuple[int, int]:
    """A length of an LZ4 sequence whose token nibble is `n`: 15 continues in the bytes at
    `i` (each 255 adds 255 and goes on). Returns the length and the index after it."""
    if n == 15:
        while block[i] == 255:
            n += 255
            i += 1
        n += block[i]
        i += 1
    return n, i


def lz4_frame_decode(data: bytes) -> bytes:
    if data[:4] != LZ4_MAGIC:
        sys.exit("not an LZ4 frame")
    flags, pos = data[4], 7 + (8 if data[4] & 0x08 else 0) + (4 if data[4] & 0x01 else 0)
    out = bytearray()
    while True:
        (size,) = struct.unpack_from("<I", data, pos)
        pos += 4
        if size == 0:
            return bytes(out)
        stored, size = size & 0x80000000, size & 0x7FFFFFFF
        block = data[pos : pos + size]
        pos += size + (4 if flags & 0x10 else 0)
        if stored:
            out += block
            continue
        i = 0
        while i < len(block):  # LZ4 block: literals, then a match copied from the output
            token = block[i]
            i += 1
            literals, i = lz4_length(block, i, token >> 4)
            out += block[i : i + literals]
            i += literals
            if i >= len(block):
                break
            offset = block[i] | block[i + 1] << 8
            i += 2
            length, i = lz4_length(block, i, token & 15)
            start = len(out) - offset
            for k in range(length + 4):  # may overlap what it writes
                out.append(out[start + k])


def lz4_frame_encode(data: bytes) -> bytes:
    descriptor = bytes([0x60, 0x70])  # version 1, independent blocks; blocks up to 4 MB
    header = LZ4_MAGIC + descriptor + bytes([(xxh32(descriptor) >> 8) & 0xFF])
    return header + struct.pack("<I", len(data) | 0x80000000) + data + struct.pack("<I", 0)


def codes(patterns: int, ascending: bool) -> list:
    """Pattern multisets in the order of their codes."""
    out = []
    for t in itertools.combinations_with_replacement(range(patterns), 4):
        out.append(t if ascending else tuple(reversed(t)))
    if not ascending:  # ours: a >= b >= c >= d, a outermost
        out.sort()
    return out


def our_code_of_each_rapfi_code() -> list:
    """For each of Rapfi's codes, in order, our code of the same patterns (see `TO_OURS`)."""
    our_code = {t: c for c, t in enumerate(codes(OUR_PATTERNS, False))}
    return [our_code[tuple(sorted((TO_OURS[p] for p in t), reverse=True))]
            for t in codes(RAPFI_PATTERNS, True)]


def rapfi_table(ours: bytes, block: int, scale: float, code_map: list) -> list:
    """Rapfi's values for one table from our mover and opponent tables `block`, `block + 1`;
    `code_map` is `our_code_of_each_rapfi_code()`."""
    mover = struct.unpack_from(f"<{OUR_CODES}h", ours, 2 * OUR_CODES * block)
    opponent = struct.unpack_from(f"<{OUR_CODES}h", ours, 2 * OUR_CODES * (block + 1))
    out = []
    for c in code_map:
        v = (mover[c] + opponent[c]) / 2 * scale
        out.append(max(-16384, min(16383, round(v))))
    return out


# Our static move order (a copy of `src/gomoku/order.rs`): a value per line pattern (our
# pattern index), an empty point's value and the combination bonuses.
LINE_VALUE = (0, -1, -3, -1, 3, 12, 35, 55, 150, 150, 470, 0)
EMPTY_VALUE = 3
DOUBLE_THREE_BONUS, FOUR_THREE_BONUS, DOUBLE_FOUR_BONUS = 30, 45, 50
OPEN_THREE, FOUR = 6, 7


def our_order_value(pats: tuple) -> int:
    """Our order value of a point whose four line patterns (our indices) are `pats`."""
    threes, fours = pats.count(OPEN_THREE), pats.count(FOUR)
    v = EMPTY_VALUE + sum(LINE_VALUE[p] for p in pats)
    v += DOUBLE_THREE_BONUS if threes >= 2 else 0
    v += FOUR_THREE_BONUS if fours >= 1 and threes >= 1 else 0
    v += DOUBLE_FOUR_BONUS if fours >= 2 else 0
    return v


def write_our_order(model: bytearray) -> None:
    """Every table's `P4SCORES` from our order, through `TO_OURS`, times 4/3."""
    values = [round(our_order_value(tuple(TO_OURS[p] for p in t)) * 4 / 3)
              for t in codes(RAPFI_PATTERNS, True)]
    pairs = [x for v in values for x in (v, v)]
    for table in range(4):
        struct.pack_into(f"<{2 * RAPFI_CODES}h", model, ORDER_AT + 4 * RAPFI_CODES * table,
                         *pairs)


def main() -> None:
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    model = bytearray(lz4_frame_decode(open(sys.argv[1], "rb").read()))
    ours = open(sys.argv[2], "rb").read()
    if ours[:4] != b"GEV2" or len(ours) != 4 + 2 * 8 * OUR_CODES:
        sys.exit(f"{sys.argv[2]} is not our tables file")
    ours = ours[4:]
    (scaling,) = struct.unpack_from("<d", model, 0)
    if "--keep-evals" not in sys.argv:
        code_map = our_code_of_each_rapfi_code()
        # (Rapfi's table, our first table of the colour, our units per logit)
        for table, block, ours_scale in ((0, 0, FIT_SCALE[0]), (2, 4, FIT_SCALE[1]),
                                         (3, 6, FIT_SCALE[1])):
            values = rapfi_table(ours, block, scaling / ours_scale, code_map)
            struct.pack_into(f"<{RAPFI_CODES}h", model, EVALS_AT + 2 * RAPFI_CODES * table,
                             *values)
    if "--our-order" in sys.argv:
        write_our_order(model)
    if "--zero-threat" in sys.argv:
        model[THREAT_AT:ORDER_AT] = bytes(ORDER_AT - THREAT_AT)
    open(sys.argv[3], "wb").write(lz4_frame_encode(bytes(model)))
    print(f"scaling factor {scaling}; wrote {sys.argv[3]}", file=sys.stderr)


if __name__ == "__main__":
    main()

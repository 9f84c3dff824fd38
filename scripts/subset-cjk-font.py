#!/usr/bin/env python3
"""Cut Noto Sans CJK SC Regular down to the characters the app can show in Chinese.

Writes assets/fonts/NotoSansSC-subset.otf: every character of GB2312 (the 6 763 hanzi and
its symbols, found by decoding every valid GB2312 byte pair), every character of the Chinese
catalogue (assets/i18n/zh-CN.ftl), printable ASCII, CJK punctuation and the full-width
forms. Outlines stay CFF (egui's font loader reads them); hinting, layout tables (egui does
not shape text) and vertical metrics are dropped to keep the file small.

Run it again whenever the Chinese catalogue gains a character outside GB2312 (the test
`every_catalogue_character_is_in_the_font` says so). It needs fontTools (`pip install
fonttools`) and Debian's fonts-noto-cjk package (`apt-get install fonts-noto-cjk`); neither
is needed to build the app.

Usage: scripts/subset-cjk-font.py [path/to/NotoSansCJK-Regular.ttc]
"""

import sys
from pathlib import Path

from fontTools import subset

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
# Face order in Debian's NotoSansCJK-Regular.ttc: JP, KR, SC, TC, HK, then the Mono faces.
SC_FACE = 2
CATALOGUE = ROOT / "assets/i18n/zh-CN.ftl"
OUTPUT = ROOT / "assets/fonts/NotoSansSC-subset.otf"


def gb2312_chars():
    """Every character GB2312 encodes: each byte pair 0xA1..0xFE x 0xA1..0xFE that decodes."""
    chars = set()
    for high in range(0xA1, 0xFF):
        for low in range(0xA1, 0xFF):
            try:
                chars.add(bytes([high, low]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return chars


def wanted_chars():
    """The characters to keep, as a sorted list of code points."""
    chars = gb2312_chars()
    # GBK maps a few GB2312 symbols to other code points than Python's gb2312 codec; people
    # type either.
    chars.update("\u00b7\u2014\u2015\u30fb\u2225\u2016\uff5e\u301c")
    chars.update(CATALOGUE.read_text(encoding="utf-8"))
    chars.update(chr(c) for c in range(0x20, 0x7F))  # printable ASCII
    chars.update(chr(c) for c in range(0x3000, 0x3040))  # CJK symbols and punctuation
    chars.update(chr(c) for c in range(0xFF01, 0xFF5F))  # full-width ASCII forms
    chars.update("\u2018\u2019\u201c\u201d\u2026\u2013\u00d7\u2192\u2190\u00b0")
    return sorted(ord(c) for c in chars if c.isprintable() or c == "\u3000")


def main():
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE
    codepoints = wanted_chars()
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    subset.main(
        [
            str(source),
            f"--font-number={SC_FACE}",
            "--unicodes=" + ",".join(f"U+{c:04X}" for c in codepoints),
            f"--output-file={OUTPUT}",
            "--layout-features=",
            "--no-hinting",
            "--drop-tables+=BASE,GDEF,GPOS,GSUB,VORG,vhea,vmtx",
            "--name-IDs=0,1,2,3,4,5,6,7,11,13,14",
            "--name-languages=0x409",
        ]
    )
    print(f"{OUTPUT.relative_to(ROOT)}: {len(codepoints)} characters, {OUTPUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()

#!/bin/sh
# Regenerates resources/fonts/LabelSansSC.otf, the CJK font the label PDFs embed: a subset of
# Noto Sans CJK SC Regular (SIL OFL 1.1, licence in resources/fonts/OFL.txt). Coverage: ASCII,
# Latin-1, Greek, general punctuation, letterlike symbols (℃ № ™), arrows, maths operators, CJK
# punctuation, fullwidth forms, every GB2312 character (6,763 hanzi and its symbols), every non-ASCII
# character of ../shared/data/chemicals.tsv and of the UI's Chinese strings. Needs fonttools
# (pyftsubset) and fonts-noto-cjk (Debian). Run from the repository root: sh scripts/make-label-font.sh
set -eu
SRC=${NOTO_CJK_TTC:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
OUT=resources/fonts/LabelSansSC.otf
TMP=$(mktemp)
trap 'rm -f "$TMP"' EXIT
# Collection index 2 is "Noto Sans CJK SC" in the Noto CJK .ttc (JP, KR, SC, TC, HK, then Mono).
/usr/bin/python3 - "$TMP" <<'PY'
import glob, sys
chars = set()
for cp in range(0x20, 0x7F): chars.add(cp)
for cp in range(0xA0, 0x100): chars.add(cp)
for lo, hi in [(0x370, 0x3FF), (0x2000, 0x206F), (0x2100, 0x214F), (0x2150, 0x218F), (0x2190, 0x21FF),
               (0x2200, 0x22FF), (0x2460, 0x24FF), (0x25A0, 0x25FF), (0x3000, 0x303F), (0xFF00, 0xFFEF)]:
    chars.update(range(lo, hi + 1))
# Every character GB2312 encodes (rows 1-9 symbols, 16-87 hanzi).
for hi in range(0xA1, 0xF8):
    for lo in range(0xA1, 0xFF):
        try:
            chars.update(ord(c) for c in bytes([hi, lo]).decode('gb2312'))
        except UnicodeDecodeError:
            pass
files = ['../shared/data/chemicals.tsv'] + glob.glob('src/**/*zh*.ts', recursive=True) + glob.glob('src/**/*.i18n.ts', recursive=True)
for f in files:
    try:
        chars.update(ord(c) for c in open(f, encoding='utf-8').read() if ord(c) > 0x7F)
    except FileNotFoundError:
        pass
open(sys.argv[1], 'w').write(','.join('U+%04X' % c for c in sorted(chars)))
PY
pyftsubset "$SRC" --font-number=2 --unicodes-file="$TMP" --output-file="$OUT" \
  --layout-features='kern,liga,vert,vkrn,halt,palt' --name-IDs='*' --name-languages='*' \
  --no-hinting --desubroutinize --notdef-outline
ls -l "$OUT"

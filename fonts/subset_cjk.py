"""Make fonts/DroidSansFallback-CJK.ttf: see fonts/README.md."""
import sys
from fontTools import subset
from fontTools.ttLib import TTFont

def decode_rows(codec, rows, cols=range(0xA1, 0xFF)):
    out = set()
    for r in rows:
        for c in cols:
            try:
                out.add(bytes([r, c]).decode(codec))
            except UnicodeDecodeError:
                pass
    return out

chars = set()
chars |= decode_rows("gb2312", range(0xB0, 0xD8))      # GB 2312 level 1: the 3,755 commonest hanzi
chars |= decode_rows("euc_jp", range(0xB0, 0xD0))      # JIS X 0208 level 1: 2,965 kanji
chars |= decode_rows("euc_kr", range(0xB0, 0xC9))      # KS X 1001: 2,350 hangul syllables
cps = {ord(c) for c in chars if len(c) == 1}
cps |= set(range(0x3000, 0x3100))   # CJK symbols and punctuation, hiragana, katakana
cps |= set(range(0x31F0, 0x3200))   # katakana phonetic extensions
cps |= set(range(0xFF00, 0xFFF0))   # halfwidth and fullwidth forms
cps |= set(range(0x20, 0x7F))       # ASCII
src, dst = sys.argv[1], sys.argv[2]
font = TTFont(src, recalcTimestamp=False)
have = set(font.getBestCmap())
opts = subset.Options()
opts.layout_features = ["*"]
opts.name_IDs = ["*"]
opts.notdef_outline = True
opts.recalc_timestamp = False
sub = subset.Subsetter(opts)
sub.populate(unicodes=sorted(cps & have))
sub.subset(font)
font.save(dst)
print(len(cps & have), "characters")

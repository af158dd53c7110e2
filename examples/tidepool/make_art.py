#!/usr/bin/env python3
"""Draw the Tidepool example's art: one SVG per creature, one JPEG per tide, one PNG per pool, the back.

Everything is procedural and seeded by the card id, so running this again writes the same files
(byte for byte for SVG and PNG; JPEG through Pillow's encoder with fixed settings). The art is
made by the pnpgen project and dedicated to the public domain (CC0 1.0): see art/LICENSE.txt.

    python3 examples/tidepool/make_art.py      # rewrites examples/tidepool/art/
"""

from __future__ import annotations

import csv
import math
import random
import re
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

HERE = Path(__file__).resolve().parent
ART = HERE / "art"

HABITAT = {  # top colour, bottom colour, accent
    "shore": ("#f3dfa2", "#7fc8c2", "#d9822b"),
    "reef": ("#58c4dd", "#1d6f8f", "#ff6f59"),
    "kelp": ("#6fbf73", "#1f4d3a", "#e8c547"),
    "abyss": ("#233a6b", "#05070f", "#7df9ff"),
}


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def _mix(a: str, b: str, t: float) -> str:
    ra, rb = _rgb(a), _rgb(b)
    return "#%02x%02x%02x" % tuple(round(x + (y - x) * t) for x, y in zip(ra, rb))


# -- creatures: SVG, 600 x 440 user units --------------------------------------------------------
W, H = 600, 440


def _fish(rng: random.Random, body: str, accent: str) -> list[str]:
    cx, cy = 300 + rng.uniform(-30, 30), 220 + rng.uniform(-20, 20)
    rx, ry = rng.uniform(120, 170), rng.uniform(55, 95)
    tail = cx + rx - 10
    out = [f'<path d="M{tail:.1f},{cy:.1f} L{tail + 90:.1f},{cy - ry:.1f} L{tail + 70:.1f},{cy:.1f} '
           f'L{tail + 90:.1f},{cy + ry:.1f} Z" fill="{accent}"/>',
           f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{rx:.1f}" ry="{ry:.1f}" fill="{body}" stroke="#10202a" stroke-width="5"/>']
    for k in range(rng.randint(1, 3)):
        x = cx - rx * 0.3 + k * rx * 0.35
        out.append(f'<path d="M{x:.1f},{cy - ry * 0.95:.1f} Q{x + 25:.1f},{cy:.1f} {x:.1f},{cy + ry * 0.95:.1f}" '
                   f'fill="none" stroke="{accent}" stroke-width="14" stroke-linecap="round"/>')
    out.append(f'<path d="M{cx - 10:.1f},{cy - ry:.1f} Q{cx + 30:.1f},{cy - ry - 60:.1f} {cx + 70:.1f},{cy - ry + 8:.1f} Z" fill="{accent}"/>')
    ex, ey = cx - rx * 0.6, cy - ry * 0.25
    out += [f'<circle cx="{ex:.1f}" cy="{ey:.1f}" r="16" fill="#ffffff" stroke="#10202a" stroke-width="4"/>',
            f'<circle cx="{ex - 3:.1f}" cy="{ey:.1f}" r="7" fill="#10202a"/>']
    return out


def _crab(rng: random.Random, body: str, accent: str) -> list[str]:
    cx, cy = 300, 250 + rng.uniform(-15, 15)
    rx, ry = rng.uniform(110, 140), rng.uniform(60, 80)
    out = []
    for side in (-1, 1):
        for k in range(3):
            x0 = cx + side * (rx * 0.6 - k * 18)
            out.append(f'<path d="M{x0:.1f},{cy + 20:.1f} L{x0 + side * 70:.1f},{cy + 60 + k * 10:.1f} '
                       f'L{x0 + side * 90:.1f},{cy + 120 + k * 8:.1f}" fill="none" stroke="{body}" stroke-width="12" stroke-linecap="round"/>')
        ax = cx + side * rx * 0.9
        out.append(f'<path d="M{cx + side * rx * 0.5:.1f},{cy - 20:.1f} L{ax:.1f},{cy - 90:.1f}" stroke="{body}" stroke-width="16" stroke-linecap="round"/>')
        out.append(f'<path d="M{ax:.1f},{cy - 90:.1f} m-38,0 a38,30 0 1,1 76,0 l-38,8 Z" fill="{accent}" stroke="#10202a" stroke-width="4"/>')
    out.append(f'<path d="M{cx - rx:.1f},{cy:.1f} A{rx:.1f},{ry:.1f} 0 0,1 {cx + rx:.1f},{cy:.1f} Z" fill="{body}" stroke="#10202a" stroke-width="5"/>')
    for side in (-1, 1):
        out.append(f'<line x1="{cx + side * 25}" y1="{cy - ry + 5:.1f}" x2="{cx + side * 35}" y2="{cy - ry - 35:.1f}" stroke="#10202a" stroke-width="5"/>')
        out.append(f'<circle cx="{cx + side * 35}" cy="{cy - ry - 40:.1f}" r="10" fill="#10202a"/>')
    return out


def _cephalopod(rng: random.Random, body: str, accent: str) -> list[str]:
    cx, cy = 300, 170
    out = []
    n = 8
    for k in range(n):
        x0 = cx - 90 + k * 180 / (n - 1)
        sway = rng.uniform(-60, 60)
        out.append(f'<path d="M{x0:.1f},{cy + 50} C{x0 + sway:.1f},{cy + 140} {x0 - sway:.1f},{cy + 190} {x0 + sway / 2:.1f},{cy + 250}" '
                   f'fill="none" stroke="{body}" stroke-width="18" stroke-linecap="round"/>')
    out.append(f'<ellipse cx="{cx}" cy="{cy}" rx="{rng.uniform(100, 130):.1f}" ry="{rng.uniform(95, 120):.1f}" fill="{body}" stroke="#10202a" stroke-width="5"/>')
    for _ in range(rng.randint(4, 8)):
        out.append(f'<circle cx="{cx + rng.uniform(-70, 70):.1f}" cy="{cy + rng.uniform(-80, 20):.1f}" r="{rng.uniform(6, 14):.1f}" fill="{accent}" opacity="0.8"/>')
    for side in (-1, 1):
        out.append(f'<circle cx="{cx + side * 40}" cy="{cy + 20}" r="18" fill="#ffffff" stroke="#10202a" stroke-width="4"/>')
        out.append(f'<rect x="{cx + side * 40 - 10}" y="{cy + 16}" width="20" height="8" fill="#10202a"/>')
    return out


def _spiny(rng: random.Random, body: str, accent: str) -> list[str]:
    cx, cy, r = 300, 230, rng.uniform(80, 100)
    n = rng.randint(22, 34)
    pts = []
    for k in range(2 * n):
        a = math.pi * k / n
        rr = r + (rng.uniform(60, 95) if k % 2 == 0 else 0)
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return [f'<polygon points="{" ".join(pts)}" fill="{accent}" stroke="#10202a" stroke-width="3"/>',
            f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{body}" stroke="#10202a" stroke-width="5"/>']


def _star(rng: random.Random, body: str, accent: str) -> list[str]:
    cx, cy = 300, 225
    arms = 5
    pts = []
    for k in range(2 * arms):
        a = -math.pi / 2 + math.pi * k / arms + rng.uniform(-0.05, 0.05)
        rr = 170 if k % 2 == 0 else 65
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    dots = [f'<circle cx="{cx + rng.uniform(-90, 90):.1f}" cy="{cy + rng.uniform(-90, 90):.1f}" r="6" fill="{accent}"/>' for _ in range(18)]
    return [f'<polygon points="{" ".join(pts)}" fill="{body}" stroke="#10202a" stroke-width="6" stroke-linejoin="round"/>', *dots]


def _shell(rng: random.Random, body: str, accent: str) -> list[str]:
    cx, cy = 300, 225
    d = [f"M{cx},{cy}"]
    for k in range(1, 60):
        a = k * 0.32
        rr = 6 * math.exp(0.18 * a)
        d.append(f"L{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return [f'<circle cx="{cx}" cy="{cy}" r="{rng.uniform(150, 175):.1f}" fill="{body}" stroke="#10202a" stroke-width="6"/>',
            f'<path d="{" ".join(d)}" fill="none" stroke="{accent}" stroke-width="12" stroke-linecap="round"/>']


def _plant(rng: random.Random, body: str, accent: str) -> list[str]:
    out = []
    for k in range(6):
        x = 80 + k * 90 + rng.uniform(-20, 20)
        sway = rng.uniform(30, 70)
        out.append(f'<path d="M{x:.1f},440 C{x + sway:.1f},320 {x - sway:.1f},200 {x + sway / 2:.1f},20" fill="none" '
                   f'stroke="{body}" stroke-width="22" stroke-linecap="round"/>')
        for j in range(4):
            y = 380 - j * 90
            out.append(f'<ellipse cx="{x + 25:.1f}" cy="{y:.1f}" rx="30" ry="11" fill="{accent}" transform="rotate(-30 {x + 25:.1f} {y:.1f})"/>')
    return out


def _bird(rng: random.Random, body: str, accent: str) -> list[str]:
    cx, cy = 300, 210
    return [f'<path d="M{cx - 230},{cy - 40} Q{cx - 110},{cy - 140} {cx},{cy} Q{cx + 110},{cy - 140} {cx + 230},{cy - 40} '
            f'Q{cx + 110},{cy - 60} {cx},{cy + 50} Q{cx - 110},{cy - 60} {cx - 230},{cy - 40} Z" fill="{body}" stroke="#10202a" stroke-width="6"/>',
            f'<ellipse cx="{cx}" cy="{cy + 20}" rx="45" ry="60" fill="#ffffff" stroke="#10202a" stroke-width="5"/>',
            f'<path d="M{cx - 12},{cy + 70} L{cx},{cy + 110} L{cx + 12},{cy + 70} Z" fill="{accent}"/>']


def _coin(rng: random.Random, body: str, accent: str) -> list[str]:
    cx, cy = 300, 225
    out = [f'<circle cx="{cx}" cy="{cy}" r="170" fill="{body}" stroke="#10202a" stroke-width="6"/>']
    for k in range(5):
        a = -math.pi / 2 + 2 * math.pi * k / 5
        x, y = cx + 70 * math.cos(a), cy + 70 * math.sin(a)
        out.append(f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="16" ry="50" fill="{accent}" '
                   f'transform="rotate({math.degrees(a) + 90:.1f} {x:.1f} {y:.1f})"/>')
    return out


def _stinging(rng: random.Random, body: str, accent: str) -> list[str]:
    cx, base = 300, 380
    out = []
    for k in range(14):
        a = math.pi + math.pi * k / 13
        x2, y2 = cx + 200 * math.cos(a), base - 60 + 230 * math.sin(a)
        out.append(f'<path d="M{cx},{base - 60} Q{cx + 120 * math.cos(a) + rng.uniform(-40, 40):.1f},{base - 140:.1f} {x2:.1f},{y2:.1f}" '
                   f'fill="none" stroke="{accent}" stroke-width="16" stroke-linecap="round"/>')
        out.append(f'<circle cx="{x2:.1f}" cy="{y2:.1f}" r="12" fill="{body}"/>')
    out.append(f'<rect x="{cx - 70}" y="{base - 70}" width="140" height="90" rx="30" fill="{body}" stroke="#10202a" stroke-width="5"/>')
    return out


FAMILIES = [  # first trait that names a family wins
    ("spiny", _spiny), ("regrowing", _star), ("coin", _coin), ("stinging", _stinging), ("plant", _plant),
    ("bird", _bird), ("cephalopod", _cephalopod), ("crustacean", _crab), ("shell", _shell), ("fish", _fish),
    ("mammal", _cephalopod),
]


def creature_svg(card: dict) -> str:
    rng = random.Random(card["id"])
    top, bottom, accent = HABITAT[card["habitat"]]
    traits = card["traits"]
    draw = next((fn for trait, fn in FAMILIES if trait in traits), _fish)
    body = _mix(accent, "#ffffff", rng.uniform(0.0, 0.35)) if card["habitat"] != "abyss" else _mix("#4b3f72", accent, rng.uniform(0.1, 0.4))
    shapes = draw(rng, body, _mix(accent, "#10202a", 0.35))
    bubbles = "".join(f'<circle cx="{rng.uniform(20, 580):.1f}" cy="{rng.uniform(20, 420):.1f}" r="{rng.uniform(4, 14):.1f}" '
                      f'fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3"/>' for _ in range(12))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">\n'
            f'<!-- {card["name"]}: drawn by examples/tidepool/make_art.py, CC0 1.0 -->\n'
            f'<defs><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">'
            f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/></linearGradient></defs>\n'
            f'<rect width="{W}" height="{H}" fill="url(#sea)"/>\n{bubbles}\n' + "\n".join(shapes) + "\n</svg>\n")


# -- tides: JPEG, 900 x 1260 px (a poker card at about 360 dpi) -------------------------------------
def tide_jpeg(card: dict, path: Path) -> None:
    rng = random.Random(card["id"])
    w, h = 900, 1260
    strength = int(card["strength"])
    img = Image.new("RGB", (w, h))
    px = img.load()
    hue = rng.uniform(0, 1)
    deep = (int(20 + 40 * hue), int(60 + 40 * strength / 6), int(110 + 60 * (1 - hue)))
    foam = (235, 245, 250)
    freq = [rng.uniform(0.004, 0.012) for _ in range(3)]
    phase = [rng.uniform(0, 6.28) for _ in range(3)]
    for y in range(h):
        for x in range(0, w):
            v = sum(math.sin(x * f + p + y * 0.002 * (i + 1)) for i, (f, p) in enumerate(zip(freq, phase))) / 3
            band = (y / h) + 0.08 * v * (1 + strength / 3)
            t = 0.5 + 0.5 * math.sin(band * (10 + strength * 3))
            t = t ** (3 - strength / 3)
            px[x, y] = tuple(int(d + (f - d) * t) for d, f in zip(deep, foam))
    img = img.filter(ImageFilter.GaussianBlur(1.2))
    img.save(path, "JPEG", quality=82, optimize=True, progressive=False)


# -- pools: PNG with alpha, 800 x 800 ---------------------------------------------------------------
def pool_png(card: dict, path: Path) -> None:
    rng = random.Random(card["id"])
    top, bottom, accent = HABITAT[card["habitat"]]
    size = 800
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for r in range(380, 0, -4):
        t = r / 380
        col = _rgb(_mix(bottom, top, 1 - t))
        d.ellipse((400 - r, 400 - r, 400 + r, 400 + r), fill=col + (255,))
    for _ in range(40):
        x, y, r = rng.uniform(150, 650), rng.uniform(150, 650), rng.uniform(6, 30)
        if (x - 400) ** 2 + (y - 400) ** 2 < 330 ** 2:
            d.ellipse((x - r, y - r, x + r, y + r), fill=_rgb(accent) + (170,))
    img.save(path, "PNG", optimize=True)


# -- the back: PNG, full bleed ------------------------------------------------------------------------
def back_png(path: Path) -> None:
    w, h = 780, 1080  # poker + 3 mm bleed at about 300 dpi
    img = Image.new("RGB", (w, h), (12, 44, 74))
    d = ImageDraw.Draw(img)
    for k in range(0, h + 60, 36):
        for x in range(-40, w + 40, 80):
            d.arc((x, k - 24, x + 80, k + 24), 0, 180, fill=(40, 110, 150), width=6)
    d.ellipse((w / 2 - 170, h / 2 - 170, w / 2 + 170, h / 2 + 170), fill=(243, 223, 162), outline=(10, 30, 50), width=10)
    img.save(path, "PNG", optimize=True)


def read_rows(name: str) -> list[dict]:
    with open(HERE / "cards" / name, newline="", encoding="utf-8-sig") as fh:
        text = fh.read()
    rows = list(csv.DictReader(text.splitlines(), delimiter=";" if ";" in text.splitlines()[0] else ","))
    for row in rows:  # pnpgen makes a missing id from the name the same way
        row.setdefault("id", "-".join(re.findall(r"[a-z0-9]+", row["name"].lower())))
    return rows


def main() -> None:
    ART.mkdir(exist_ok=True)
    for card in read_rows("creatures.csv"):
        card["traits"] = [t.strip() for t in card["traits"].split("|")]
        (ART / f"{card['id']}.svg").write_text(creature_svg(card), encoding="utf-8")
    import openpyxl

    book = openpyxl.load_workbook(HERE / "cards" / "tides.xlsx", read_only=True)
    sheet = book["tide"]
    rows = sheet.iter_rows(values_only=True)
    header = next(rows)
    for values in rows:
        card = dict(zip(header, values))
        tide_jpeg(card, ART / f"{card['id']}.jpg")
    for card in read_rows("pools.csv"):
        pool_png(card, ART / f"{card['id']}.png")
    back_png(ART / "back.png")


if __name__ == "__main__":
    main()

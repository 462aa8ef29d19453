"""Random font-encoding damage on German rule text written for these tests, with its gold.

Real manuals lose their Unicode maps in many ways, and no two fonts put their
glyphs at the same codes.  `sample(seed)` picks one way at random and returns
the damaged lines (as a viewer copies them out as plain text) with the lines
they stand for:

- "cipher": every glyph is its glyph id plus a Private Use Area base (U+E000,
  U+F000, plane 15 or plane 16, shifted at random).  Glyph ids follow either
  the TrueType standard order (ASCII order from the space on, as DejaVu and
  Liberation have them) or separate random ranges for lower case, capitals
  and digits, the marks at codes of their own.  Umlauts, ß and the ligatures
  (ff, fi, fl, ffi, ffl; each font has some of them) are scattered.  The
  viewer shows the space glyph's code, adds a blank after it, or sets a blank
  of its own instead;
- "mixed": the same, but only some lines are in the font without a map (a
  bold cut, the headings, a box), the others are plain text;
- "ligatures": plain text whose ligature glyphs alone are unmapped codes, each
  cut of the font (regular, italic) with codes of its own;
- "capitals": plain text whose capitals (a range of their own), umlauts and
  ligatures are unmapped codes, as from a font whose map covers lower case only;
- "dropped": plain text whose ligature glyphs the viewer dropped without a trace;
- "shifted": a run of lines in a font whose codes are all one constant offset
  off, its umlauts at codes of their own.

Lines are wrapped at a random width and some words broken at the line end with
the font's hyphen.  `damaged_pdf(seed, folder)` sets such text as a PDF in a
random font instead, and removes its fonts' Unicode maps or points them (or
only the ligatures') into the Private Use Area.  Nothing here is used by
rulekit; the tests and `bench/damage.py` measure the repairs on it.
"""

from __future__ import annotations

import random
import re
import textwrap
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pikepdf
import pyphen
import weasyprint

from tests.pdfcorpus import drop_unicode_maps

# Written for these tests: rule text with capitals, umlauts, ß, digits, the five
# ligature pairs and the usual punctuation, in no manual of this repository.
SENTENCES = (
    "Zu Beginn der Partie erhält jeder Spieler 5 Goldmünzen und zwei Schiffe.",
    "Wer an der Reihe ist, darf genau eine Aktion ausführen oder passen.",
    "Die offene Auslage wird nach jedem Zug sofort wieder aufgefüllt.",
    "Ein Schiff, das auf ein Feld mit einem Riff fährt, verliert eine Ladung.",
    "Trifft ein Angriff, legt der Verteidiger einen Schadensmarker auf seine Figur.",
    "Offiziere dürfen nicht angegriffen werden, solange ein Soldat neben ihnen steht.",
    "Die Flagge zählt am Ende des Spiels drei zusätzliche Punkte.",
    "Finden mehrere Spieler gleichzeitig einen Schatz, entscheidet das Los.",
    "Jeder Händler darf höchstens 4 Waren gleicher Sorte in seinem Lager aufbewahren.",
    "Nach der Wertung gibt der Startspieler den Würfelbecher an seinen linken Nachbarn weiter.",
    "Effiziente Spieler sparen ihre Münzen für die teuren Gebäude am Fluss auf.",
    "Wenn der Vorrat einer Ware erschöpft ist, kann sie bis zum Rundenende nicht mehr "
    "gekauft werden.",
    "Eine Figur, die aus dem Spiel genommen wurde, kehrt nicht mehr zurück.",
    "Die Karten mit einer Eule dürfen jederzeit gespielt werden, auch im Zug eines Gegners.",
    "Ist der Nachziehstapel aufgebraucht, werden die abgelegten Karten gemischt.",
    "Das Spiel endet sofort, wenn ein Spieler seine 12. Burg gebaut hat.",
    "Bei Gleichstand gewinnt, wer mehr Rohstoffe übrig hat.",
    "Stoffe und Gewürze bringen auf dem Markt von Venedig den höchsten Preis.",
    "Während des Sturms dürfen keine Schiffe den Hafen verlassen.",
    "Die Offiziere des Königs prüfen jede Lieferung auf ihre Qualität.",
    "Ein Pfeil auf der Karte zeigt an, in welche Richtung die Figur ziehen muss.",
    "Wer eine Aufgabe erfüllt, nimmt sich die passende Belohnung aus der Schachtel.",
    "Außerdem darf jeder Spieler einmal pro Runde eine Karte tauschen.",
    "Öffnet ein Spieler eine Tür, deckt er das dahinter liegende Plättchen auf.",
    "Übrige Rohstoffe verfallen am Ende der Phase und kommen zurück in den Vorrat.",
    "Die Ladung darf nur in einem Hafen verkauft werden, der eine Flagge trägt.",
    "Der Offizier greift zuerst an; danach antworten alle Verteidiger gleichzeitig.",
    "Pflichtaufgaben müssen vor allen anderen Aufgaben erledigt werden.",
    "Griffbereit neben dem Spielplan liegen die Würfel, die Marker und der Beutel.",
    "Wer auffliegt, muss seine Beute abgeben und 3 Felder zurückziehen.",
    "Kann ein Spieler nicht zahlen, verliert er zwei Siegpunkte.",
    "Jede Karte zeigt oben links ihre Kosten und unten rechts ihre Wirkung.",
    "Die Flotte darf nicht durch eine Meerenge fahren, die ein Leuchtturm bewacht.",
    "Zum Schluss zählt jeder seine Punkte; wer die meisten hat, gewinnt.",
    "Fällt eine Sechs, darf der Spieler noch einmal würfeln.",
    "Im Kampf würfeln beide Seiten gleichzeitig, und der höhere Wurf gewinnt.",
    "Vor dem ersten Spiel löst ihr vorsichtig alle Plättchen aus den Stanzbögen.",
    "Quittungen und Verträge werden offen vor dem Besitzer ausgelegt.",
    "Yachten und Jollen gelten als kleine Schiffe und kosten nur eine Münze.",
    "Befindet sich eine Figur im Wald, ist sie vor Angriffen aus der Luft geschützt.",
    "Die Grafik auf der Rückseite zeigt, welche Felder ein Reiter erreichen kann.",
    "Der Einfluss einer Gilde wächst mit jedem Auftrag, den sie erfüllt.",
    "Hat niemand einen Treffer erzielt, beginnt eine neue Runde.",
    "Ungültige Züge werden sofort rückgängig gemacht.",
)
# Typographic ligatures as a shaper forms them: the longest first.
LIGATURES = ("ffi", "ffl", "ff", "fi", "fl")
UMLAUTS = "äöüßÄÖÜ"
# Where fonts without a map put their glyph codes: the Private Use Area (as
# "U+E000 + glyph id" or symbol fonts' U+F000 + code) and planes 15 and 16.
PUA_BASES = (0xE000, 0xF000, 0xF0000, 0x100000)
# The TrueType standard glyph order puts the space at glyph 3 and ASCII after it.
_STANDARD_SPACE_GLYPH = 3
_HYPHENATOR = pyphen.Pyphen(lang="de_DE")
KINDS = ("cipher", "mixed", "ligatures", "capitals", "dropped", "shifted")


@dataclass
class Sample:
    """Damaged lines, the lines they stand for, and how they were damaged."""

    kind: str
    gold: list[str]
    damaged: list[str]
    note: str = ""
    codes: dict[str, str] = field(default_factory=dict)


def document(rng: random.Random, count: int) -> list[str]:
    """`count` sentences in random order, wrapped at a random width, some words broken."""
    text = " ".join(rng.sample(SENTENCES, count))
    width = rng.randrange(38, 72)
    lines: list[str] = []
    for line in textwrap.wrap(text, width, break_long_words=False):
        if lines and rng.random() < 0.5:
            # Take the first part of this line's first word onto the line before.
            head, _, rest = line.partition(" ")
            if rest and head.isalpha() and len(head) >= 6:
                pieces = _HYPHENATOR.positions(head)
                if pieces:
                    cut = rng.choice(pieces)
                    lines[-1] += " " + head[:cut] + "-"
                    line = head[cut:] + " " + rest
        lines.append(line)
    return lines


def sample(seed: int, kind: str | None = None) -> Sample:
    """One damaged document; the kind is picked by the seed unless given."""
    rng = random.Random(seed)
    kind = kind or rng.choice(KINDS)
    makers = {
        "cipher": _cipher,
        "mixed": _mixed,
        "ligatures": _ligature_codes,
        "capitals": _capital_codes,
        "dropped": _dropped,
        "shifted": _shifted,
    }
    return makers[kind](rng)


def encode(text: str, codes: dict[str, str], viewer: str = "code") -> str:
    """`text` in a font whose glyphs are `codes`; what the font lacks stays as it is.

    `viewer` is what a viewer does with the space glyph: "code" shows its
    code, "code+blank" adds a blank after it, "blank" sets a blank instead.
    """
    out: list[str] = []
    index = 0
    while index < len(text):
        glyph = next(
            (lig for lig in LIGATURES if text.startswith(lig, index) and lig in codes),
            text[index],
        )
        index += len(glyph)
        if glyph == " " and viewer == "blank":
            out.append(" ")
            continue
        out.append(codes.get(glyph, glyph))
        if glyph == " " and viewer == "code+blank":
            out.append(" ")
    return "".join(out)


def standard_font(rng: random.Random, span: int) -> dict[str, int]:
    """Glyph ids below `span` in the TrueType standard order, the other glyphs scattered."""
    glyphs = {chr(c): c - 0x20 + _STANDARD_SPACE_GLYPH for c in range(0x20, 0x7F)}
    free = [g for g in range(0x60, span) if g not in glyphs.values()]
    extra = (*UMLAUTS, "–", "„", "“", "\u2010", *rng.sample(LIGATURES, rng.randrange(2, 6)))
    glyphs.update(zip(extra, rng.sample(free, len(extra)), strict=True))
    return glyphs


def code_blocks(rng: random.Random, span: int) -> Callable[[int], int]:
    """A picker of runs of free glyph ids below `span`: each call gives the start of
    a run of that size at a random place, apart from the runs given before."""
    used: set[int] = set()

    def block(size: int) -> int:
        while True:
            start = rng.randrange(1, span - size)
            if not used & set(range(start - 1, start + size + 1)):
                used.update(range(start, start + size))
                return start

    return block


def block_font(rng: random.Random, span: int) -> dict[str, int]:
    """Glyph ids below `span` in random ranges: lower case, capitals, digits each a run.

    Marks are at codes of their own, or, half the time, plain text (as in
    fonts whose punctuation comes from another font).
    """
    block = code_blocks(rng, span)
    glyphs: dict[str, int] = {}
    for first, size in (("a", 26), ("A", 26), ("0", 10)):
        start = block(size)
        glyphs.update({chr(ord(first) + i): start + i for i in range(size)})
    marks = " .,;:!?()-–„“" if rng.random() < 0.5 else " -"
    for glyph in (*marks, *UMLAUTS, *rng.sample(LIGATURES, rng.randrange(2, 6))):
        glyphs[glyph] = block(1)
    return glyphs


def pua_base(rng: random.Random, bases: tuple[int, ...] = PUA_BASES) -> tuple[int, int]:
    """A random Private Use Area base (near one of `bases`), and how many codes are above it."""
    base = rng.choice(bases)
    end = 0xF8FF if base < 0x10000 else base + 0xFFFD
    # Fonts whose codes start a little above the base, as by a font's own offset.
    base += rng.randrange(0, 0x300)
    return base, end - base


def _font(rng: random.Random) -> tuple[dict[str, str], str]:
    base, room = pua_base(rng)
    span = min(room, 0x1800)
    order = rng.choice(["standard", "blocks"])
    glyphs = standard_font(rng, span) if order == "standard" else block_font(rng, span)
    codes = {glyph: chr(base + gid) for glyph, gid in glyphs.items()}
    ligatures = "+".join(lig for lig in LIGATURES if lig in codes)
    return codes, f"{order} order at U+{base:04X}, ligatures {ligatures}"


def _cipher(rng: random.Random) -> Sample:
    gold = document(rng, rng.randrange(8, 14))
    codes, note = _font(rng)
    viewer = rng.choice(["code", "code+blank", "blank"])
    damaged = [encode(line, codes, viewer) for line in gold]
    return Sample("cipher", gold, damaged, f"{note}, space {viewer}", codes)


def _mixed(rng: random.Random) -> Sample:
    gold = document(rng, rng.randrange(10, 16))
    codes, note = _font(rng)
    viewer = rng.choice(["code", "blank"])
    # Runs of lines in the font without a map, as a box or a cut of the font.
    start = rng.randrange(0, len(gold) // 2)
    stop = rng.randrange(start + len(gold) // 3, len(gold) + 1)
    damaged = [
        encode(line, codes, viewer) if start <= i < stop else line for i, line in enumerate(gold)
    ]
    return Sample("mixed", gold, damaged, f"{note}, lines {start}-{stop}, space {viewer}", codes)


def _ligature_codes(rng: random.Random) -> Sample:
    gold = document(rng, rng.randrange(8, 14))
    base, span = pua_base(rng)
    cuts = rng.randrange(1, 3)
    chosen = rng.sample(LIGATURES, rng.randrange(2, 6))
    fonts = []
    for _ in range(cuts):
        gids = rng.sample(range(span), len(chosen))
        fonts.append({lig: chr(base + gid) for lig, gid in zip(chosen, gids, strict=True)})
    # Each line in one cut; a cut is a run of lines (an italic box, say).
    cut_of = sorted(rng.randrange(cuts) for _ in gold)
    damaged = [encode(line, fonts[cut]) for line, cut in zip(gold, cut_of, strict=True)]
    note = f"{'+'.join(chosen)} at U+{base:04X}.., {cuts} cut(s)"
    return Sample("ligatures", gold, damaged, note, fonts[0])


def _capital_codes(rng: random.Random) -> Sample:
    gold = document(rng, rng.randrange(8, 14))
    base, span = pua_base(rng)
    glyphs = block_font(rng, min(span, 0x1800))
    lost = {g: gid for g, gid in glyphs.items() if g.isupper() or g in LIGATURES or g in UMLAUTS}
    codes = {glyph: chr(base + gid) for glyph, gid in lost.items()}
    damaged = [encode(line, codes) for line in gold]
    note = f"capitals at U+{base + lost['A']:04X}, ligatures at U+{base:04X}.."
    return Sample("capitals", gold, damaged, note, codes)


def _dropped(rng: random.Random) -> Sample:
    gold = document(rng, rng.randrange(8, 14))
    chosen = rng.sample(LIGATURES, rng.randrange(2, 6))
    damaged = [encode(line, dict.fromkeys(chosen, "")) for line in gold]
    return Sample("dropped", gold, damaged, f"{'+'.join(chosen)} dropped")


def _printable(code: int) -> bool:
    if not 0x21 <= code < 0xD800 or 0xE000 <= code <= 0xF8FF:
        return False
    return unicodedata.category(chr(code))[0] not in "MCZ"


def _shifted(rng: random.Random) -> Sample:
    gold = document(rng, rng.randrange(8, 14))
    plain = sorted({c for line in gold for c in line} - set(UMLAUTS) - {" "})
    while True:
        offset = rng.choice([-1, 1]) * rng.randrange(2, 0x2000)
        if abs(offset) != 32 and all(_printable(ord(c) - offset) for c in plain):
            break
    # The umlauts at symbols (U+2190..), which no offset reads as letters.
    used = {ord(c) - offset for c in plain}
    free = [t - offset for t in range(0x2190, 0x2400) if _printable(t - offset)]
    free = [code for code in free if code not in used]
    codes = {c: chr(ord(c) - offset) for c in plain}
    codes.update(zip(UMLAUTS, map(chr, rng.sample(free, len(UMLAUTS))), strict=True))
    codes[" "] = " "
    # A run of lines in the shifted font, as a box or a cut of the font.
    start = rng.randrange(0, len(gold) - 2)
    stop = rng.randrange(start + 2, len(gold) + 1)
    damaged = [encode(line, codes) if start <= i < stop else line for i, line in enumerate(gold)]
    return Sample("shifted", gold, damaged, f"offset {offset}, lines {start}-{stop}", codes)


# --- PDFs whose fonts lost their Unicode maps ------------------------------------

# Fonts with the f-ligatures in their default features, and fonts without.
PDF_FONTS = ("DejaVu Serif", "DejaVu Sans", "DejaVu Serif Condensed", "Liberation Serif")
PDF_KINDS = ("no-map", "pua-map", "ligatures-pua", "ligatures-unmapped")
_BFCHAR = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>")


@dataclass
class DamagedPdf:
    """A rendered rule text whose fonts lost their Unicode maps, and its body text."""

    kind: str
    path: Path
    body: list[str]
    note: str
    base: int | None = None  # where the glyphs were mapped to, if anywhere

    @property
    def body_text(self) -> str:
        """The body as one string, white space folded to single spaces."""
        return " ".join(" ".join(self.body).split())


def damaged_pdf(
    seed: int, folder: Path, kind: str | None = None, bases: tuple[int, ...] = PUA_BASES
) -> DamagedPdf:
    """Rule text set by WeasyPrint in a random font, its Unicode maps then damaged.

    "no-map" removes every map (the glyph ids come out in plane 15);
    "pua-map" maps every glyph to a random Private Use Area base plus its
    glyph id, as some exporters write; "ligatures-pua" and
    "ligatures-unmapped" damage the ligature glyphs alone, mapping them into
    the Private Use Area or not at all.
    """
    rng = random.Random(seed)
    kind = kind or rng.choice(PDF_KINDS)
    font = rng.choice(PDF_FONTS)
    heading = rng.choice(["Spielablauf", "Der Handel", "Kampf und Wertung", "Aufbau"])
    paragraphs = [
        " ".join(rng.sample(SENTENCES, rng.randrange(3, 6))) for _ in range(rng.randrange(2, 4))
    ]
    size = rng.choice([8.5, 9, 10])
    html = (
        f'<html lang="de"><head><style>@page {{ size: A5; margin: 15mm 14mm }} '
        f"body {{ font: {size}pt/1.35 '{font}'; text-align: justify; hyphens: auto }} "
        f"h2 {{ font-size: {size * 1.3:.1f}pt }}</style></head><body>"
        f"<h2>{heading}</h2>{''.join(f'<p>{p}</p>' for p in paragraphs)}</body></html>"
    )
    path = folder / f"damaged-{seed}.pdf"
    weasyprint.HTML(string=html).write_pdf(path)
    base = None
    if kind == "no-map":
        drop_unicode_maps(path)
    else:
        base = _remap_glyphs(path, kind, rng, bases)
    note = f"{kind}, {font}" + (f", base U+{base:04X}" if base is not None else "")
    return DamagedPdf(kind, path, [heading, *paragraphs], note, base)


def _remap_glyphs(path: Path, kind: str, rng: random.Random, bases: tuple[int, ...]) -> int | None:
    """Rewrite each font's ToUnicode map: glyphs (or only the ligatures) to a base + glyph id.

    The base is a random one of the Private Use Area with room for every
    glyph id (near one of `bases`); "ligatures-unmapped" drops the ligatures'
    entries instead.  Returns the base the glyphs were mapped to.
    """
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        maps = [
            obj
            for obj in pdf.objects
            if isinstance(obj, pikepdf.Dictionary) and "/ToUnicode" in obj
        ]
        tables = [_BFCHAR.findall(obj["/ToUnicode"].read_bytes()) for obj in maps]
        highest = max(int(glyph, 16) for table in tables for glyph, _ in table)
        while True:
            base, room = pua_base(rng, bases)
            if room > highest:
                break
        for obj, table in zip(maps, tables, strict=True):
            entries = []
            for glyph, text in table:
                ligature = bytes.fromhex(text.decode()).decode("utf-16-be") in LIGATURES
                if kind == "ligatures-unmapped" and ligature:
                    continue
                if kind == "pua-map" or ligature:
                    code = chr(base + int(glyph, 16))
                    text = code.encode("utf-16-be").hex().encode()
                entries.append(b"<%s> <%s>" % (glyph, text))
            obj["/ToUnicode"].write(_cmap(entries))
        pdf.save(path)
    return None if kind == "ligatures-unmapped" else base


def _cmap(entries: list[bytes]) -> bytes:
    """A ToUnicode CMap of `bfchar` entries, at most 100 to a block as the format asks."""
    blocks = b"".join(
        b"%d beginbfchar\n%s\nendbfchar\n" % (len(chunk), b"\n".join(chunk))
        for chunk in (entries[i : i + 100] for i in range(0, len(entries), 100))
    )
    return (
        b"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
        b"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
        b"1 begincodespacerange\n<0000> <ffff>\nendcodespacerange\n" + blocks + b"endcmap\n"
        b"CMapName currentdict /CMap defineresource pop\nend\nend\n"
    )

"""Pairing lists, standings and a knockout category's bracket or pool sheet as PDF files, for
federations that ask for files and for the noticeboard. The same content as the public pages, so
only published data.

Written with fpdf2. The DejaVu Sans Condensed font shipped in ``arbiter/fonts`` (free licence,
``LICENSE.txt`` beside it) prints every name and the ½ glyph; emoji it lacks come from the
monochrome Noto Emoji font beside it (SIL OFL, ``LICENSE-NotoEmoji.txt``), set as fpdf2's
fallback font. A character neither font has (a name in Chinese or Japanese script, say) is
printed as a white square, U+25A1 "□", so that it never vanishes silently: :func:`printable`.
"""

from __future__ import annotations

import datetime
import unicodedata
from functools import cache
from pathlib import Path

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from fontTools.ttLib import TTFont
from fpdf import FPDF
from fpdf.fonts import FontFace

from arbiter.core.models import Round, Tournament
from arbiter.core.pairing_lists import public_pairings
from arbiter.core.standings import Standings, games_text
from arbiter.core.templatetags.chess import points, tiebreak_text

FONTS = Path(__file__).resolve().parent / "fonts"
TEXT_FONT = FONTS / "DejaVuSansCondensed.ttf"
EMOJI_FONT = FONTS / "NotoEmoji-Regular.ttf"
#: What a character no font of the PDFs has is printed as.
MISSING = "\u25a1"


@cache
def _covered() -> frozenset[int]:
    """The code points the PDFs can print: DejaVu's (both styles have the same) and the emoji
    font's."""
    points: set[int] = set()
    for path in (TEXT_FONT, EMOJI_FONT):
        font = TTFont(str(path), lazy=True)
        points.update(font.getBestCmap())
        font.close()
    return frozenset(points)


def printable(text: str) -> str:
    """``text`` with every character the PDFs' fonts lack replaced by "□"; invisible format
    characters that no font has (a variation selector, a zero-width joiner) are left out, as a
    screen would not show them either."""
    covered = _covered()
    out = []
    for char in text:
        if ord(char) in covered or char in "\n\t":
            out.append(char)
        elif unicodedata.category(char) not in ("Mn", "Me", "Cf"):
            out.append(MISSING)
    return "".join(out)


#: The creation date every PDF says (the PDF's own date is the tournament's, in its text).
PDF_DATE = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)


class _Document(FPDF):
    def __init__(
        self, title: str, subtitle: str, orientation: str = "portrait", page: str = "A4"
    ) -> None:
        super().__init__(orientation=orientation, unit="mm", format=page)
        self.add_font("DejaVu", "", str(TEXT_FONT))
        self.add_font("DejaVu", "B", str(FONTS / "DejaVuSansCondensed-Bold.ttf"))
        self.add_font("NotoEmoji", "", str(EMOJI_FONT))
        # bold text falls back to the one (regular) emoji font too
        self.set_fallback_fonts(["NotoEmoji"], exact_match=False)
        self.set_margins(12, 12, 12)
        self.set_auto_page_break(True, margin=14)
        self.heading = title
        self.subtitle = subtitle
        self.set_title(printable(f"{title}: {subtitle}".replace(" · ", ", ")))
        # no clock in the file: the same tournament version gives the same bytes in every
        # process, as the gzipped pages do (a venue's published copy is byte-equal to its own)
        self.set_creation_date(PDF_DATE)
        self.add_page()

    def normalize_text(self, text: str) -> str:
        """Every text of the document goes through here: see :func:`printable`."""
        return super().normalize_text(printable(text))

    def header(self) -> None:
        self.set_font("DejaVu", "B", 13)
        self.cell(0, 7, self.heading, new_x="LMARGIN", new_y="NEXT")
        self.set_font("DejaVu", "", 10)
        self.cell(0, 6, self.subtitle, new_x="LMARGIN", new_y="NEXT")
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-10)
        self.set_font("DejaVu", "", 8)
        self.cell(0, 5, _("Page %(number)s") % {"number": self.page_no()}, align="C")

    def grid(self, rows: list[list[str]], widths: tuple[int, ...], align: tuple[str, ...]) -> None:
        self.set_font("DejaVu", "", 9)
        with self.table(
            col_widths=widths,
            text_align=align,
            line_height=5,
            headings_style=FontFace(emphasis="BOLD"),
            borders_layout="SINGLE_TOP_LINE",
            repeat_headings=1,
        ) as table:
            for values in rows:
                row = table.row()
                for value in values:
                    row.cell(value)


#: The document the other rooms' PDFs are written on (the ratings room's norm report): the same
#: fonts, heading and page numbers.
Document = _Document


#: Column headings, marked here and translated when a PDF is written (in the asker's language).
PAIRING_HEADINGS = [
    gettext_noop("Bo."),
    gettext_noop("No."),
    gettext_noop("White"),
    gettext_noop("Rtg"),
    gettext_noop("Pts"),
    gettext_noop("Result"),
    gettext_noop("Pts"),
    gettext_noop("Black"),
    gettext_noop("Rtg"),
    gettext_noop("No."),
]
STANDINGS_HEADINGS = [
    gettext_noop("Rk."),
    gettext_noop("SNo"),
    gettext_noop("Name"),
    gettext_noop("FED"),
    gettext_noop("Rtg"),
    gettext_noop("Pts"),
]


def _name(entry) -> str:
    return f"{entry.title} {entry.name}".strip()


def pairings_pdf(tournament: Tournament, round_: Round) -> bytes:
    """One round's pairing list in board order, with results where they are in ("adj." for an
    adjourned game, docs/fide-mode.md "Adjourned games")."""
    games, byes = public_pairings(tournament, round_)
    doc = _Document(tournament.name, _("Round %(number)s: pairings") % {"number": round_.number})
    rows = [[_(h) for h in PAIRING_HEADINGS]]
    for g in games:
        rows.append(
            [
                str(g.board),
                str(g.white.starting_number or ""),
                _name(g.white),
                str(g.white.rating or ""),
                points(g.white_points),
                _("adj.") if g.adjourned else g.outcome.label if g.outcome else "",
                points(g.black_points),
                _name(g.black),
                str(g.black.rating or ""),
                str(g.black.starting_number or ""),
            ]
        )
    for b in byes:
        rows.append(
            [
                "",
                str(b.entry.starting_number or ""),
                _name(b.entry),
                str(b.entry.rating or ""),
                points(b.points),
                points(b.awarded),
                "",
                _("bye (%(kind)s)") % {"kind": str(b.get_kind_display()).lower()},
                "",
                "",
            ]
        )
    widths = (8, 9, 48, 11, 9, 15, 9, 48, 11, 9)
    align = (
        "RIGHT",
        "RIGHT",
        "LEFT",
        "RIGHT",
        "RIGHT",
        "CENTER",
        "RIGHT",
        "LEFT",
        "RIGHT",
        "RIGHT",
    )
    doc.grid(rows, widths, align)
    return bytes(doc.output())


def standings_rows(table: Standings) -> list[list[str]]:
    """The standings' lines as the page writes them (tie-breaks without needless decimals,
    "—" where a tie-break has no value, "adj." beside the points of a player whose adjourned
    game has no result yet)."""
    adjourned = table.adjourned_players
    return [
        [
            str(row.rank),
            str(row.entry.starting_number or ""),
            _name(row.entry),
            row.entry.federation,
            str(row.entry.rating or ""),
            points(row.points) + (" " + _("adj.") if row.entry.pk in adjourned else ""),
            *(tiebreak_text(value) for value in row.tiebreaks),
        ]
        for row in table.rows
    ]


def standings_pdf(
    tournament: Tournament, table: Standings, rating_changes: dict[int, str] | None = None
) -> bytes:
    """The standings with their tie-breaks and the legend naming each; a system without rounds
    (a knockout category) prints its placings instead (:func:`placings_pdf`). With
    ``rating_changes`` (entry id -> "+8", from the ratings room above this one) a last column
    Δ gives each rated player's rating change."""
    if tournament.pairing_system.placings:
        return placings_pdf(tournament)
    if table.final:
        title = _("Final standings after round %(through)s")
    elif table.adjourned:
        title = _("Provisional standings after round %(through)s")
    else:
        title = _("Standings after round %(through)s")
    doc = _Document(tournament.name, title % {"through": table.through_round})
    if table.adjourned:
        doc.set_font("DejaVu", "", 9)
        waiting = _("Waiting for the result of the adjourned game(s) %(games)s.")
        doc.multi_cell(0, 5, waiting % {"games": games_text(list(table.adjourned))})
        doc.ln(2)
    headings = [*(_(h) for h in STANDINGS_HEADINGS), *(h for h, _name in table.legend)]
    rows = [headings, *standings_rows(table)]
    extra = len(table.legend)
    if rating_changes is not None:
        headings.append("Δ")
        for line, row in zip(rows[1:], table.rows, strict=True):
            line.append(rating_changes.get(row.entry.pk, ""))
    name_width = max(40, 120 - 14 * extra - (12 if rating_changes is not None else 0))
    widths = (9, 10, name_width, 11, 11, 10, *([14] * extra))
    align = ("RIGHT", "RIGHT", "LEFT", "LEFT", "RIGHT", "RIGHT", *(["RIGHT"] * extra))
    if rating_changes is not None:
        widths, align = (*widths, 12), (*align, "RIGHT")
    doc.grid(rows, widths, align)
    if table.legend or rating_changes is not None:
        doc.ln(3)
        doc.set_font("DejaVu", "", 8)
        for heading, name in table.legend:
            doc.cell(0, 4, f"{heading}: {name}", new_x="LMARGIN", new_y="NEXT")
        if rating_changes is not None:
            doc.cell(0, 4, "Δ: " + _("rating change, from every result in so far"), new_x="LMARGIN")
    return bytes(doc.output())


def placings_pdf(tournament: Tournament) -> bytes:
    """A knockout category's standings: its placings (1, 2, 3, 3, 5, 5, 7, 7, ...; a pool's
    standing), from the system's ``placings`` in the registry."""
    results = tournament.pairing_system.placings(tournament)
    title = _("Standings: final results") if results.finished else _("Standings: results so far")
    doc = _Document(tournament.name, title)
    rows = [[_("Place"), _("Name"), _("Club"), _("Country")]]
    for line, entry in results.lines:
        name = _name(entry) if entry else _("to be fought")
        club, country = (entry.club, entry.federation) if entry else ("", "")
        rows.append([str(line.place), name, club, country])
    if not results.drawn:
        rows.append(["", _("The bracket is not drawn yet."), "", ""])
    doc.grid(rows, (14, 80, 60, 20), ("RIGHT", "LEFT", "LEFT", "LEFT"))
    return bytes(doc.output())


# --- a knockout category's bracket or pool sheet ------------------------------------------------

#: Slots a page of the bracket sheet holds: 32 on A4 landscape, 64 on A3 landscape; a bigger
#: bracket prints each block of 64 on an A3 page of its own, then the rounds after them.
A4_SLOTS = 32
A3_SLOTS = 64
#: Places printed in the sheet's results box, as JudoShiai's sheets do (the standings list all).
BOX_PLACES = 7


def bracket_pdf(tournament: Tournament, sheet) -> bytes:
    """The bracket sheet of a knockout category (``pairing.knockout.services.BracketSheet``), as
    JudoShiai prints it: the main bracket as a tree from the drawn places on the left to the
    final on the right, with the repechage and bronze matches and the results box beside it; a
    pool as a sheet with its grid, its matches and its standing. One A4 landscape page up to 32
    places, A3 landscape for 64; a bigger bracket gets an A3 page per block of 64 and one for
    the rounds after them."""
    return bracket_sheets([(tournament.name, sheet)])


def bracket_sheets(sheets: list[tuple[str, object]]) -> bytes:
    """Several categories' sheets (title, sheet) in one document, each from a new page, in the
    order given (a competition's printed brackets and pools: docs/competition.md)."""
    from pairing.engines.knockout import SYSTEMS

    doc = None
    for title, sheet in sheets:
        if sheet.state is None:
            subtitle, page = _("Bracket"), "A4"
        else:
            system = SYSTEMS[sheet.engine.system]
            size = sheet.engine.draw.size
            values = {"system": system.name, "seed": sheet.bracket.random_seed, "places": size}
            subtitle = _("%(system)s · random seed %(seed)s") % values
            if not system.is_pool:
                subtitle = _("%(system)s · random seed %(seed)s · %(places)s places") % values
            page = "A4" if system.is_pool or size <= A4_SLOTS else "A3"
        if doc is None:
            doc = _Document(title, subtitle, orientation="landscape", page=page)
        else:
            doc.heading, doc.subtitle = title, subtitle
            doc.add_page(orientation="landscape", format=page)
        if sheet.state is None:
            doc.set_font("DejaVu", "", 11)
            doc.cell(0, 8, _("The bracket is not drawn yet."))
        elif SYSTEMS[sheet.engine.system].is_pool:
            doc.set_auto_page_break(True, margin=14)
            _pool_sheet(doc, sheet)
        else:
            doc.set_auto_page_break(False)
            _bracket_sheet(doc, sheet)
    if doc is None:
        doc = _Document(_("Brackets"), _("No category is drawn yet."), orientation="landscape")
    return bytes(doc.output())


def _bracket_sheet(doc: FPDF, sheet) -> None:
    size = sheet.engine.draw.size
    levels = _bracket_levels(sheet)
    per_page = min(size, A3_SLOTS)
    depth = per_page.bit_length()  # levels 0 .. log2(per_page): the block's places to its winner
    blocks = size // per_page
    for block in range(blocks):
        if block:
            doc.add_page()
        part = [_block(level, block, blocks) for level in levels[:depth]]
        _tree(doc, part, panel=blocks == 1)
    if blocks > 1:
        doc.add_page()
        _tree(doc, levels[depth - 1 :], panel=True)
    _panel(doc, sheet)


def _block(level: list, block: int, blocks: int) -> list:
    share = len(level) // blocks
    return level[block * share : (block + 1) * share]


#: Width of the panel beside the tree (repechage, bronze matches, results), mm.
_PANEL = 92
#: Room for the page's title above the tree and under it, mm.
_TOP, _BOTTOM = 16, 8


def _bracket_levels(sheet) -> list[list[tuple[str, str]]]:
    """The tree's levels: level 0 the drawn places (name, club), level k the winners of main
    round k (name, the match's label); a name is "" while the match is not decided."""
    from pairing.engines.knockout.systems import main_id

    state, entries = sheet.state, sheet.entries
    size = sheet.engine.draw.size
    rounds = size.bit_length() - 1
    final = next(m for m in state.matches if m.match.stage == "final")
    places = []
    for cid in sheet.engine.draw.slots:
        entry = entries.get(cid) if cid else None
        places.append((entry.name, entry.club or entry.federation) if entry else ("", "bye"))
    levels = [places]
    for rnd in range(1, rounds + 1):
        level = []
        for i in range(size >> rnd):
            ms = final if rnd == rounds else state[main_id(size, rnd, i)]
            winner = entries.get(ms.winner) if ms.winner else None
            level.append(
                (winner.name if winner else "", _("Final") if rnd == rounds else f"M{ms.match.id}")
            )
        levels.append(level)
    return levels


def _fit(doc: FPDF, text: str, width: float) -> str:
    """``text`` cut to ``width`` (ending in "…") in the current font."""
    text = printable(text)
    if doc.get_string_width(text) <= width:
        return text
    while text and doc.get_string_width(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _tree(doc: FPDF, levels: list, *, panel: bool) -> None:
    """Draw ``levels`` (see :func:`_bracket_levels`) as a tree: every name on a line, the lines
    of a match's two sides joined by a vertical line, labelled with the match, that leads to the
    line of its winner."""
    top = doc.t_margin + _TOP
    step = (doc.h - top - doc.b_margin - _BOTTOM) / len(levels[0])
    width = doc.w - doc.l_margin - doc.r_margin - (_PANEL + 6 if panel else 0)
    size = 8 if step >= 8 else 7 if step >= 5 else 6
    first = min(52.0, width * 0.34)
    other = (width - first) / max(1, len(levels) - 1)
    ys = [top + (i + 0.5) * step for i in range(len(levels[0]))]
    x = doc.l_margin
    doc.set_draw_color(90)
    for depth, level in enumerate(levels):
        w = first if depth == 0 else other
        if depth:
            ys = [(ys[2 * i] + ys[2 * i + 1]) / 2 for i in range(len(level))]
            for i, (_side, label) in enumerate(level):  # the match joining the two sides before
                above, below = ys[i] - step * 2 ** (depth - 2), ys[i] + step * 2 ** (depth - 2)
                doc.line(x - 1, above, x - 1, below)
                doc.set_font("DejaVu", "", max(5, size - 2))
                doc.set_text_color(110)
                doc.set_xy(x, ys[i] + 0.4)
                doc.cell(w - 2, size * 0.3, label)
        for (name, note), y in zip(level, ys, strict=True):
            doc.line(x, y, x + w - 1, y)
            bye = depth == 0 and note == "bye"
            doc.set_font("DejaVu", "" if depth == 0 else "B", size)
            doc.set_text_color(140 if bye else 0)
            doc.set_xy(x, y - size * 0.45)
            doc.cell(w - 1, size * 0.4, _fit(doc, "bye" if bye else name, w - 2))
            if depth == 0 and note and not bye and step >= 4.5:
                doc.set_font("DejaVu", "", size - 1.5)
                doc.set_text_color(110)
                doc.set_xy(x, y + 0.3)
                doc.cell(w - 1, size * 0.3, _fit(doc, note, w - 2))
        x += w
    doc.set_text_color(0)
    doc.set_draw_color(0)


def _side(sheet, competitor: str | None) -> str:
    """One side of a match: a name, "" while not known yet, "bye" when nobody comes."""
    from pairing.engines.knockout import PENDING

    if competitor == PENDING:
        return ""
    entry = sheet.entries.get(competitor) if competitor else None
    return entry.name if entry else _("bye")


def _panel(doc: FPDF, sheet) -> None:
    """Beside the tree: the repechage and bronze matches, then the results box."""
    x = doc.w - doc.r_margin - _PANEL
    doc.set_xy(x, doc.t_margin + _TOP)
    extra = [m for m in sheet.state.matches if m.match.stage in ("repechage", "bronze")]
    titles = {"repechage": _("Repechage"), "bronze": _("Bronze")}
    size = 7 if len(extra) <= 12 else 6
    if extra:
        rows = [[_("Match"), "", "", _("Winner")]]
        for ms in extra:
            winner = sheet.entries.get(ms.winner) if ms.winner else None
            rows.append(
                [
                    f"M{ms.match.id} {titles[ms.match.stage]}",
                    _side(sheet, ms.a),
                    _side(sheet, ms.b),
                    winner.name if winner else "",
                ]
            )
        _panel_table(doc, rows, (20, 24, 24, 24), size)
        doc.ln(3)
    rows = [[_("Place"), _("Name"), _("Club")]]
    for line, entry in sheet.placings():
        if line.place <= BOX_PLACES:
            rows.append([str(line.place), entry.name if entry else "", entry.club if entry else ""])
    doc.set_x(x)
    doc.set_font("DejaVu", "B", 9)
    doc.cell(_PANEL, 5, _("Results"), new_x="LEFT", new_y="NEXT")
    _panel_table(doc, rows, (10, 50, 32), 8)


def _panel_table(doc: FPDF, rows: list[list[str]], widths: tuple, size: float) -> None:
    doc.set_font("DejaVu", "", size)
    with doc.table(
        col_widths=widths,
        width=sum(widths),
        align="RIGHT",
        line_height=size * 0.5,
        headings_style=FontFace(emphasis="BOLD"),
        borders_layout="HORIZONTAL_LINES",
    ) as table:
        for values in rows:
            row = table.row()
            for value, width in zip(values, widths, strict=True):
                row.cell(_fit(doc, value, width - 2))


def pool_sheet_rows(sheet) -> tuple[list[list[str]], list[list[str]]]:
    """A pool sheet's two tables: the competitors with a grid of who beat whom (1 a win, 0 a
    loss), wins, score points and rank (ranked as the placings are, points included); the
    matches in their order with the winner, how they won (ippon, waza-ari, yuko, ...) and the
    score points each side took."""
    slots = [c for c in sheet.engine.draw.slots if c is not None]
    rows_by = {row.competitor: row for row in sheet.standings()}
    beat = {}
    for ms in sheet.state.matches:
        if ms.status == "done":
            beat[(ms.winner, ms.loser)] = "1"
            beat[(ms.loser, ms.winner)] = "0"
    numbers = [str(n) for n in range(1, len(slots) + 1)]
    heading = [_("No."), _("Name"), _("Club"), *numbers, _("Wins"), _("Points"), _("Rank")]
    grid_rows = [heading]
    for n, cid in enumerate(slots, start=1):
        entry = sheet.entries.get(cid)
        row = rows_by.get(cid)
        grid = ["\u2014" if other == cid else beat.get((cid, other), "") for other in slots]
        rank = f"{row.rank}{'*' if row.tied else ''}" if row else ""
        wins, points = (str(row.wins), str(row.points)) if row else ("0", "0")
        grid_rows.append([str(n), entry.name, entry.club, *grid, wins, points, rank])
    number = {cid: n for n, cid in enumerate(slots, start=1)}
    match_rows = [[_("Match"), "", "", _("Winner"), _("How"), _("Points")]]
    for ms in sheet.state.matches:
        a, b = sheet.entries.get(ms.a), sheet.entries.get(ms.b)
        winner = sheet.entries.get(ms.winner) if ms.winner else None
        points = sheet.points.get(ms.match.id)
        match_rows.append(
            [
                str(ms.match.id),
                f"{number.get(ms.a, '')} {a.name if a else ''}",
                f"{number.get(ms.b, '')} {b.name if b else ''}",
                winner.name if winner else "",
                sheet.how(ms.match.id),
                f"{points[0]}\u2013{points[1]}" if points else "",
            ]
        )
    return grid_rows, match_rows


def _pool_sheet(doc: FPDF, sheet) -> None:
    """A pool: its grid and its matches (:func:`pool_sheet_rows`), the ties marked."""
    grid_rows, match_rows = pool_sheet_rows(sheet)
    n = len(grid_rows) - 1
    widths = (10, 70, 50, *([12] * n), 14, 14, 14)
    align = ("RIGHT", "LEFT", "LEFT", *(["CENTER"] * n), "RIGHT", "RIGHT", "RIGHT")
    doc.grid(grid_rows, widths, align)
    doc.ln(4)
    align = ("RIGHT", "LEFT", "LEFT", "LEFT", "LEFT", "CENTER")
    doc.grid(match_rows, (14, 66, 66, 66, 44, 18), align)
    if any(row[-1].endswith("*") for row in grid_rows[1:]):
        doc.ln(2)
        doc.set_font("DejaVu", "", 8)
        doc.cell(
            0, 4, _("* tied: the arbiter decides (winning times and weights are not recorded).")
        )

"""Pairing lists and standings as A4 PDF files, for federations that ask for files and for the
noticeboard. The same content as the public pages, so only published data.

Written with fpdf2; the DejaVu Sans Condensed font shipped in ``arbiter/fonts`` (free licence,
``LICENSE.txt`` beside it) prints every name and the ½ glyph.
"""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from fpdf.fonts import FontFace

from arbiter.models import Round, Tournament
from arbiter.scoring import pairings
from arbiter.standings import Standings
from arbiter.templatetags.chess import points, tiebreak_text

FONTS = Path(__file__).resolve().parent / "fonts"


class _Document(FPDF):
    def __init__(self, title: str, subtitle: str) -> None:
        super().__init__(orientation="portrait", unit="mm", format="A4")
        self.add_font("DejaVu", "", str(FONTS / "DejaVuSansCondensed.ttf"))
        self.add_font("DejaVu", "B", str(FONTS / "DejaVuSansCondensed-Bold.ttf"))
        self.set_margins(12, 12, 12)
        self.set_auto_page_break(True, margin=14)
        self.heading = title
        self.subtitle = subtitle
        self.add_page()

    def header(self) -> None:
        self.set_font("DejaVu", "B", 13)
        self.cell(0, 7, self.heading, new_x="LMARGIN", new_y="NEXT")
        self.set_font("DejaVu", "", 10)
        self.cell(0, 6, self.subtitle, new_x="LMARGIN", new_y="NEXT")
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-10)
        self.set_font("DejaVu", "", 8)
        self.cell(0, 5, f"Page {self.page_no()}", align="C")

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


def _name(entry) -> str:
    return f"{entry.title} {entry.name}".strip()


def pairings_pdf(tournament: Tournament, round_: Round) -> bytes:
    """One round's pairing list in board order, with results where they are in."""
    games, byes = pairings(tournament, round_)
    doc = _Document(tournament.name, f"Round {round_.number}: pairings")
    rows = [["Bo.", "No.", "White", "Rtg", "Pts", "Result", "Pts", "Black", "Rtg", "No."]]
    for g in games:
        rows.append(
            [
                str(g.board),
                str(g.white.starting_number or ""),
                _name(g.white),
                str(g.white.rating or ""),
                points(g.white_points),
                g.outcome.label if g.outcome else "",
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
                f"bye ({b.get_kind_display().lower()})",
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
    "—" where a tie-break has no value)."""
    return [
        [
            str(row.rank),
            str(row.entry.starting_number or ""),
            _name(row.entry),
            row.entry.federation,
            str(row.entry.rating or ""),
            points(row.points),
            *(tiebreak_text(value) for value in row.tiebreaks),
        ]
        for row in table.rows
    ]


def standings_pdf(tournament: Tournament, table: Standings) -> bytes:
    """The standings with their tie-breaks and the legend naming each."""
    doc = _Document(tournament.name, f"Standings after round {table.through_round}")
    headings = ["Rk.", "SNo", "Name", "FED", "Rtg", "Pts", *(h for h, _ in table.legend)]
    rows = [headings, *standings_rows(table)]
    extra = len(table.legend)
    name_width = max(40, 120 - 14 * extra)
    widths = (9, 10, name_width, 11, 11, 10, *([14] * extra))
    align = ("RIGHT", "RIGHT", "LEFT", "LEFT", "RIGHT", "RIGHT", *(["RIGHT"] * extra))
    doc.grid(rows, widths, align)
    if table.legend:
        doc.ln(3)
        doc.set_font("DejaVu", "", 8)
        for heading, name in table.legend:
            doc.cell(0, 4, f"{heading}: {name}", new_x="LMARGIN", new_y="NEXT")
    return bytes(doc.output())

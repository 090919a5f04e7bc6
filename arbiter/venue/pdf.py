"""The printouts with the players' QR codes (docs/venue.md, "QR codes"): badges, the judo
weigh-in slips and a round's pairing list by name. Arbiters' printouts, never public: each QR
code is the player's card, and whoever scans it acts as them.

Written on the platform's document (arbiter/platform/pdf.py: its fonts and "□" for a character
they lack). Each takes the cards' secrets in bulk (``keys_for``: no query per player) and the
address phones reach (``base``, arbiter/venue/qr.py).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from arbiter.core.models import Entry
from arbiter.platform.pdf import Document
from arbiter.venue import qr
from arbiter.venue.services.cards import keys_for

#: A badge and a weigh-in slip: two columns of four on an A4 page (a name badge holder's
#: 90 x 60 mm, the slips cut on the lines).
COLUMNS, ROWS = 2, 4
CELL_W, CELL_H = 93.0, 68.0
LEFT, TOP = 12.0, 12.0
QR_SIZE = 34.0
#: A line of the pairing list by name: its QR code's size (2 cm scans from an arm's length).
LIST_QR = 20.0


class _Sheet(Document):
    """A page of cut-out cards: no heading, no page number."""

    def header(self) -> None:
        pass

    def footer(self) -> None:
        pass


@dataclass(frozen=True)
class Card:
    """What one badge or slip prints: its lines (the first in large type) and its QR code's
    address."""

    lines: Sequence[str]
    url: str


def cards_of(entries: Sequence[Entry], base: str, lines: Callable[[Entry], Sequence[str]]):
    """The cards of ``entries``, their secrets read in bulk."""
    keys = keys_for(list(entries))
    return [Card(lines(entry), base + qr.card_path(keys[entry.pk].secret)) for entry in entries]


def cards_pdf(title: str, cards: Sequence[Card], footnote: str = "") -> bytes:
    """Cards on A4 pages, eight a page, with the cutting lines: each with its lines on the left
    and its QR code on the right, ``footnote`` under them."""
    doc = _Sheet(title, "")
    doc.set_auto_page_break(False)
    doc.set_draw_color(170, 170, 170)
    per_page = COLUMNS * ROWS
    for index, card in enumerate(cards):
        if index and index % per_page == 0:
            doc.add_page()
        place = index % per_page
        x = LEFT + (place % COLUMNS) * CELL_W
        y = TOP + (place // COLUMNS) * CELL_H
        doc.rect(x, y, CELL_W, CELL_H)
        text_w = CELL_W - QR_SIZE - 8
        doc.set_xy(x + 4, y + 5)
        for number, line in enumerate(card.lines):
            if not line:
                continue
            doc.set_font("DejaVu", "B" if number == 0 else "", 15 if number == 0 else 10)
            doc.set_x(x + 4)
            doc.multi_cell(text_w, 7 if number == 0 else 5, line, new_x="LMARGIN", new_y="NEXT")
            doc.ln(1)
        doc.image(io.BytesIO(qr.png(card.url)), x + CELL_W - QR_SIZE - 3, y + 5, QR_SIZE, QR_SIZE)
        if footnote:
            doc.set_font("DejaVu", "", 7)
            doc.set_xy(x + 4, y + CELL_H - 12)
            doc.multi_cell(CELL_W - 8, 3.5, footnote)
    if not cards:
        doc.set_font("DejaVu", "", 11)
        doc.cell(0, 8, _("Nobody to print a card for."))
    return bytes(doc.output())


def badges_pdf(title: str, entries: Sequence[Entry], base: str, event: str) -> bytes:
    """One badge a player: name, club and federation, the event, and their card's QR code."""

    def lines(entry: Entry) -> list[str]:
        name = f"{entry.title} {entry.name}".strip()
        club = " · ".join(part for part in (entry.club, entry.federation) if part)
        return [name, club, event]

    note = _("Scan: your pairings, check-in and results. Yours only: keep it.")
    return cards_pdf(title, cards_of(entries, base, lines), note)


def weigh_in_slips_pdf(title: str, entries: Sequence[Entry], base: str) -> bytes:
    """One slip a competitor for the weigh-in: name, club, category, blanks for the weight and
    the official's initials, and their card's QR code ("when do I fight")."""

    def lines(entry: Entry) -> list[str]:
        category = entry.tournament.category
        club = " · ".join(part for part in (entry.club, entry.federation) if part)
        return [
            entry.name,
            club,
            category.label,
            _("Weight: ________ kg"),
            _("Official: ________"),
        ]

    note = _("Scan: when you fight, on which mat.")
    return cards_pdf(title, cards_of(entries, base, lines), note)


@dataclass(frozen=True)
class ListLine:
    """A line of the pairing list by name: the player, where they play, against whom."""

    entry: Entry
    board: str
    colour: str
    opponent: str


def pairing_list_pdf(title: str, subtitle: str, lines: Sequence[ListLine], base: str) -> bytes:
    """A round's pairing list by name, as arbiters post it on the wall, each line with the
    player's card as a QR code: scanning one's own line opens one's card."""
    doc = Document(title, subtitle)
    keys = keys_for([line.entry for line in lines])
    widths = (70.0, 16.0, 18.0, 60.0)
    headings = (_("Name"), _("Board"), _("Colour"), _("Opponent"))
    doc.set_font("DejaVu", "B", 9)
    for width, heading in zip(widths, headings, strict=True):
        doc.cell(width, 6, heading)
    doc.ln(7)
    doc.set_draw_color(200, 200, 200)
    for line in lines:
        if doc.get_y() + LIST_QR + 2 > doc.h - 16:
            doc.add_page()
        y = doc.get_y()
        doc.set_font("DejaVu", "B", 11)
        doc.cell(widths[0], LIST_QR, line.entry.name)
        doc.set_font("DejaVu", "", 11)
        doc.cell(widths[1], LIST_QR, line.board, align="C")
        doc.cell(widths[2], LIST_QR, line.colour)
        doc.cell(widths[3], LIST_QR, line.opponent)
        url = base + qr.card_path(keys[line.entry.pk].secret)
        doc.image(io.BytesIO(qr.png(url)), doc.l_margin + sum(widths) + 2, y, LIST_QR, LIST_QR)
        doc.line(doc.l_margin, y + LIST_QR + 1, doc.w - doc.r_margin, y + LIST_QR + 1)
        doc.set_xy(doc.l_margin, y + LIST_QR + 2)
    if not lines:
        doc.set_font("DejaVu", "", 11)
        doc.cell(0, 8, _("Nobody is paired in this round."))
    return bytes(doc.output())

"""The norm report: FIDE's IT1 "Certificate of Title Result" for one player and title, as a PDF
for the chief arbiter to check, sign and send on (B.01 1.8; docs/ratings.md, "Title norms").

It holds the IT1's fields (as the spec lists them, after Sharly Chess's form): the title, the
player, the event with its dates, chief arbiter and rate of play, the counts of games,
federations, rated, host and titled opponents, the 1.4.3d counts of a Swiss's field, every
round with the opponent, FIDE id, federation, rating, the rating after the 1.4.6 raise, title
and score, the average, the score required, achieved and in excess; then every requirement with
✓ or ✗, and lines for the signatures. Written in the request, as the arbiter's other PDFs are
(one player's report is small): arbiter/platform/pdf.py's document, fonts and all.
"""

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from arbiter.core.models import Entry, Tournament
from arbiter.core.templatetags.chess import points
from arbiter.platform.pdf import Document
from arbiter.ratings import norm_text
from arbiter.ratings.norms import TournamentFacts, chief_arbiter
from pairing.engines import norms as engine

CHECK, CROSS = "\u2713", "\u2717"


def _split_name(name: str) -> tuple[str, str]:
    """ "Lastname, Firstname" -> ("Lastname", "Firstname")."""
    last, _comma, first = name.partition(",")
    return last.strip(), first.strip()


def _date(value) -> str:
    return date_format(value, "DATE_FORMAT") if value else ""


def _left(line: engine.GameLine) -> str:
    """Why a round is not among the games of the norm, in words."""
    record = line.record
    if line.left is engine.Left.PENDING:
        return _("not played yet")
    if line.left is engine.Left.FORFEIT:
        return _("forfeit (1.4.2c)")
    if line.left is engine.Left.UNRATED_ZERO:
        return _("left out (1.4.2b)")
    if line.left is engine.Left.AFTER_NORM:
        return _("after the norm (1.4.1e)")
    if line.left is engine.Left.BEATEN:
        return _("beaten, left out (1.4.1f)")
    if record.kind is engine.Kind.PAIRING_BYE:
        return _("pairing-allocated bye")
    return _("no game")


@dataclass(frozen=True)
class Counts:
    """The IT1's counts over the games of the norm."""

    games: int
    federations: int
    foreign: int
    rated: int
    host: int
    titled: int
    by_title: tuple[tuple[str, int], ...]


def counts(result: engine.NormResult, player: engine.Player, host: str) -> Counts:
    """The IT1's counts over the games of the norm: federations (``FID`` is none), opponents not
    from the player's federation, rated, from the host federation, title-holders by title."""
    opponents = [
        line.record.opponent
        for line in result.lines
        if line.left is None and line.record.opponent is not None
    ]
    federations = {o.federation for o in opponents if o.federation not in ("", engine.FIDE_FLAG)}
    titles = Counter(o.title for o in opponents if o.title)
    return Counts(
        games=len(opponents),
        federations=len(federations),
        foreign=sum(1 for o in opponents if o.federation != player.federation),
        rated=sum(1 for o in opponents if o.rated),
        host=sum(1 for o in opponents if host and o.federation == host),
        titled=sum(n for t, n in titles.items() if t in engine.TITLE_HOLDERS),
        by_title=tuple(
            (t, titles[t]) for t in ("GM", "IM", "WGM", "WIM", "FM", "WFM") if titles[t]
        ),
    )


@dataclass(frozen=True)
class ReportContent:
    """What the report says, before it is written: its headline, the IT1's fields, a row per
    round, the averages and scores, and every requirement with ✓ or ✗."""

    headline: str
    details: list[tuple[str, str]]
    rounds: list[list[str]]
    summary: list[str]
    checks: list[list[str]]


def report_content(
    tournament: Tournament, entry: Entry, result: engine.NormResult, facts: TournamentFacts
) -> ReportContent:
    """The report of ``entry``'s ``result`` (one title) in ``tournament``."""
    player = engine.Player(title=entry.title, federation=entry.federation)
    last, first = _split_name(entry.name)
    settings = facts.settings
    arbiter_id = settings.chief_arbiter_fide_id if settings else None
    found = counts(result, player, tournament.federation)
    big = facts.event.big_swiss
    place = ", ".join(v for v in (tournament.city, tournament.federation) if v)
    dates = " - ".join(_date(d) for d in (tournament.start_date, tournament.end_date) if d)
    arbiter = chief_arbiter(tournament, settings)
    arbiter_line = ", ".join(v for v in (arbiter, str(arbiter_id or "")) if v)
    by_title = ", ".join(f"{t} {n}" for t, n in found.by_title)
    titled = f"{found.titled} ({by_title})" if by_title else str(found.titled)
    box = " ".join(f"[{'x' if t == result.title else ' '}] {t}" for t in engine.TITLES)
    details = [
        (_("Title"), box),
        (_("Name, first name"), f"{last}, {first}".strip(", ")),
        (_("FIDE ID"), str(entry.fide_id or "")),
        (_("Federation"), entry.federation),
        (_("Event"), tournament.name),
        (_("Place, host federation"), place),
        (_("Start, close"), dates),
        (_("Chief arbiter (name, FIDE ID)"), arbiter_line),
        (_("Rate of play"), tournament.time_control),
        (_("Number of games"), str(found.games)),
        (_("Number of federations"), str(found.federations)),
        (_("Opponents not from the applicant's federation"), str(found.foreign)),
        (_("Rated opponents"), str(found.rated)),
        (_("Opponents from the host federation"), str(found.host)),
        (_("Title-holders among the opponents"), titled),
    ]
    if big is not None:
        details.append(
            (
                _("Rated players not from the host federation (1.4.3d)"),
                _("%(players)s from %(federations)s federations, %(titled)s of them titled")
                % {"players": big.players, "federations": big.federations, "titled": big.titled},
            )
        )
    details.append((_("Special remarks"), " ".join(norm_text.remarks(result))))
    rounds = []
    for line in result.lines:
        opponent = line.record.opponent
        score = points(line.record.score) if line.record.score is not None else ""
        if line.left is not None or opponent is None:
            score = f"{score} {_left(line)}".strip()
        if opponent is None:
            rounds.append([str(line.record.round), "", "", "", "", "", "", score])
            continue
        rounds.append(
            [
                str(line.record.round),
                opponent.name,
                str(opponent.fide_id or ""),
                opponent.federation,
                str(opponent.rating) if opponent.rating else _("unrated"),
                str(line.raised if line.raised is not None else line.rating or ""),
                opponent.title,
                score,
            ]
        )
    performance = result.performance
    achieved = performance.score if performance is not None else Decimal(0)
    required = result.required
    excess = achieved - required if required is not None else None
    summary = [
        str(performance.average) if performance is not None else "",
        str(performance.rating) if performance is not None else "",
        points(required) if required is not None else "",
        points(achieved),
        points(excess) if excess is not None and excess >= 0 else "",
    ]
    checks = [
        [text.label, text.article, text.value, CHECK if text.holds else CROSS]
        for text in norm_text.requirements(result)
    ]
    return ReportContent(norm_text.headline(result), details, rounds, summary, checks)


def norm_report_pdf(
    tournament: Tournament, entry: Entry, result: engine.NormResult, facts: TournamentFacts
) -> bytes:
    """The report (:func:`report_content`) written as an A4 PDF."""
    content = report_content(tournament, entry, result, facts)
    doc = Document(
        _("Certificate of title result (FIDE IT1)"),
        _("%(title)s norm · %(name)s") % {"title": result.title, "name": entry.name},
    )
    doc.set_font("DejaVu", "B", 11)
    doc.cell(0, 6, content.headline, new_x="LMARGIN", new_y="NEXT")
    doc.ln(1)
    doc.grid(
        [[_("Field"), _("Value")], *[[label, value] for label, value in content.details]],
        (70, 116),
        ("LEFT", "LEFT"),
    )
    doc.ln(3)
    headings = [
        _("Rd."),
        _("Opponent"),
        _("FIDE ID"),
        _("FED"),
        _("Rtg"),
        _("Rtg 1.4.6"),
        _("Title"),
        _("Score"),
    ]
    doc.grid(
        [headings, *content.rounds],
        (9, 52, 20, 12, 15, 17, 12, 49),
        ("RIGHT", "LEFT", "RIGHT", "LEFT", "RIGHT", "RIGHT", "LEFT", "LEFT"),
    )
    doc.ln(3)
    summary_headings = [
        _("Rating average"),
        _("Performance"),
        _("Score required"),
        _("Score achieved"),
        _("Excess"),
    ]
    doc.grid([summary_headings, content.summary], (37, 37, 37, 37, 38), ("RIGHT",) * 5)
    doc.ln(3)
    checks = [[_("Requirement"), _("B.01"), _("Value"), ""], *content.checks]
    doc.grid(checks, (70, 16, 90, 10), ("LEFT", "LEFT", "LEFT", "CENTER"))
    doc.ln(4)
    doc.set_font("DejaVu", "", 9)
    doc.multi_cell(
        0,
        5,
        _(
            "Not checked here, for the chief arbiter to confirm (B.01 1.1): at most two rounds "
            "a day; at least two hours for 60 moves each; the same time control for every "
            "game; the chief arbiter an IA or FA; the tournament registered with FIDE in time."
        ),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    doc.ln(5)
    line = "_" * 34
    chief, official = _("Chief arbiter"), _("Federation official")
    doc.cell(93, 6, f"{chief}: {line}")
    doc.cell(0, 6, f"{official}: {line}", new_x="LMARGIN", new_y="NEXT")
    doc.set_font("DejaVu", "", 7)
    doc.cell(93, 4, _("signature, date"))
    doc.cell(0, 4, _("rating officer or president: signature, date"))
    return bytes(doc.output())

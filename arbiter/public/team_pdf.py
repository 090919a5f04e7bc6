"""A team event's matches of a round and its team standings as PDF files, on the platform's
document (arbiter/platform/pdf.py: its fonts, heading and page numbers); the same content as
the public pages, so published rounds only."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from arbiter.core.templatetags.chess import points, tiebreak_text
from arbiter.platform.pdf import Document
from arbiter.teams.standings import TeamEvent, TeamStandings

MATCH_HEADINGS = [
    gettext_noop("Bo."),
    gettext_noop("Home"),
    gettext_noop("Rtg"),
    gettext_noop("Result"),
    gettext_noop("Away"),
    gettext_noop("Rtg"),
]


def _name(entry) -> str:
    return f"{entry.title} {entry.name}".strip()


def team_pairings_pdf(event: TeamEvent, number: int) -> bytes:
    """Round ``number``'s matches: a line per match (its score, or the boards finished so far
    in brackets) and a line per board, the home team's player first."""
    tournament = event.tournament
    doc = Document(tournament.name, _("Round %(number)s: matches") % {"number": number})
    rows = [[_(h) for h in MATCH_HEADINGS]]
    for match in (m for m in event.matches if m.round == number):
        m = match.match
        if match.score:
            first, second = match.score.first_game_points, match.score.second_game_points
            score = f"{points(first)} - {points(second)}"
        else:
            score = f"({points(match.home_so_far)} - {points(match.away_so_far)})"
        rows.append(
            [str(m.table), m.home.name, "", f"{m.forfeit} {score}".strip(), m.away.name, ""]
        )
        for board in match.boards:
            home, away = board.home_player, board.away_player
            home_colour, away_colour = ("W", "B") if board.home_white else ("B", "W")
            rows.append(
                [
                    f"{m.table}.{board.number}",
                    f"{home_colour} {_name(home)}" if home else "—",
                    str(home.rating or "") if home else "",
                    _("adj.") if board.adjourned else board.home_result,
                    f"{away_colour} {_name(away)}" if away else "—",
                    str(away.rating or "") if away else "",
                ]
            )
    for bye in (b for b in event.byes if b.round.number == number):
        rows.append(
            [
                "",
                bye.team.name,
                "",
                "",
                _("bye (%(kind)s)") % {"kind": str(bye.get_kind_display()).lower()},
                "",
            ]
        )
    doc.grid(rows, (12, 68, 12, 20, 68, 12), ("RIGHT", "LEFT", "RIGHT", "CENTER", "LEFT", "RIGHT"))
    return bytes(doc.output())


def team_standings_pdf(tournament, table: TeamStandings) -> bytes:
    """The team standings: rank, number, team, matches, both scores (the primary first) and the
    tie-breaks, with the legend."""
    mp_first = table.primary == "mp"
    title = (
        _("Final team standings after round %(through)s")
        if table.final
        else _("Team standings after round %(through)s")
    )
    doc = Document(tournament.name, title % {"through": table.through_round})
    scores = [_("MP"), _("GP")] if mp_first else [_("GP"), _("MP")]
    headings = [_("Rk."), _("No."), _("Team"), _("Games"), *scores, *(h for h, _n in table.legend)]
    rows = [headings]
    for row in table.rows:
        pair = (
            [row.match_points, row.game_points] if mp_first else [row.game_points, row.match_points]
        )
        rows.append(
            [
                str(row.rank),
                str(row.team.number or ""),
                row.team.name,
                str(row.played),
                *(points(v) for v in pair),
                *(tiebreak_text(v) for v in row.tiebreaks),
            ]
        )
    extra = len(table.legend)
    widths = (10, 10, max(50, 120 - 14 * extra), 14, 14, 14, *([14] * extra))
    align = ("RIGHT", "RIGHT", "LEFT", "RIGHT", "RIGHT", "RIGHT", *(["RIGHT"] * extra))
    doc.grid(rows, widths, align)
    doc.ln(3)
    doc.set_font("DejaVu", "", 8)
    for heading, name in (
        (_("MP"), _("match points")),
        (_("GP"), _("game points")),
        *table.legend,
    ):
        doc.cell(0, 4, f"{heading}: {name}", new_x="LMARGIN", new_y="NEXT")
    return bytes(doc.output())

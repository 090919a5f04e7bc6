"""The public pages of a team event (docs/teams.md, "Public pages of team events"): a round's
matches with their board lines, the team standings, the team crosstable, the board prizes, each
team's page, and the team pairings and standings as PDF.

Published rounds only, like every public page. Each page is built once per tournament version
from one reading of the event (``arbiter.teams.standings.public_event``: seven queries however
many teams) and kept gzipped with its ETag (arbiter/platform/public_live.py); the round pages,
standings and team pages ask again every 20 s, so a match's score moves as its boards finish.
A tournament whose system has no team pages (its registry entry's ``public_pages``) answers 404.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Tournament
from arbiter.core.standings import BEING_PLAYED, COMPLETE, NOT_STARTED
from arbiter.core.templatetags.chess import tiebreak_text
from arbiter.platform.public_live import Made, live_page, public_tournament, round_asked
from arbiter.platform.public_pdf import public_pdf
from arbiter.platform.routes import Routes
from arbiter.public.names import add_names
from arbiter.public.team_pdf import team_pairings_pdf, team_standings_pdf
from arbiter.teams import standings as teams

routes = Routes("t/<int:tournament_id>/teams/")

#: The URL names of the team pages, for the team systems' registry entries (``public_pages``).
TEAM_PAGES = (
    "public_team_rounds",
    "public_team_standings",
    "public_team_crosstable",
    "public_board_prizes",
)


def team_tournament(tournament_id: int) -> Tournament:
    """The published tournament, if its system has team pages (else 404)."""
    tournament = public_tournament(tournament_id)
    if not tournament.pairing_system.has_page("public_team_standings"):
        raise Http404(_("This tournament is not a team event."))
    return tournament


def _named(event: teams.TeamEvent) -> None:
    """Every player of the event gets the link to their card and their name as lists print it."""
    add_names(event.tournament.pk, (e for entries in event.members.values() for e in entries))


def _current_round(event: teams.TeamEvent) -> int:
    """The round a visitor most likely wants: the first being played, else the last begun
    (complete), else the first not started, else none."""
    being = [n for n, now in event.rounds if now == BEING_PLAYED]
    if being:
        return being[0]
    done = [n for n, now in event.rounds if now == COMPLETE]
    if done:
        later = [n for n, now in event.rounds if now == NOT_STARTED and n > done[-1]]
        return later[0] if later else done[-1]
    return event.rounds[0][0] if event.rounds else 0


@routes.get("rounds/", name="public_team_rounds")
def current_round(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The matches of the round being played (else the last played, else the first)."""
    tournament = team_tournament(tournament_id)
    return _round_page(request, tournament, None)


@routes.get("rounds/<int:number>/", name="public_team_round")
def round_page(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """One round's matches, each with its board lines (players, colours, results) and its score
    so far: live as the boards finish."""
    tournament = team_tournament(tournament_id)
    return _round_page(request, tournament, number)


def _round_page(request: HttpRequest, tournament: Tournament, asked: int | None) -> HttpResponse:
    def build() -> dict:
        event = teams.public_event(tournament)
        number = asked if asked is not None else _current_round(event)
        progress = dict(event.rounds)
        if asked is None and not progress:  # the Matches tab before any round is public
            return {"number": 0, "rounds": [], "matches": [], "byes": [], "idle": []}
        if number not in progress:
            raise Http404(_("No such public round."))
        _named(event)
        standings = teams.team_standings(event, number - 1) if number > 1 else None
        before = {row.team.pk: row for row in standings.rows} if standings else {}
        matches = [m for m in event.matches if m.round == number]
        byes = [b for b in event.byes if b.round.number == number]
        playing = {m.match.home_id for m in matches} | {m.match.away_id for m in matches}
        playing |= {b.team_id for b in byes}
        return {
            "number": number,
            "progress": progress[number],
            "rounds": event.rounds,
            "matches": [
                (m, before.get(m.match.home_id), before.get(m.match.away_id)) for m in matches
            ],
            "byes": [
                (b, teams.bye_points(b.kind, event.scoring, event.settings.boards)) for b in byes
            ],
            "idle": [t for t in event.teams if t.pk not in playing],
            "primary": event.settings.primary_score,
        }

    page = "team-round" if asked is None else f"team-round-{asked}"
    return live_page(request, tournament, "public/teams/round.html", page, {}, build, poll=True)


@routes.get("standings/", name="public_team_standings")
def standings_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The team standings after the last round with every match decided (any board, where the
    system follows its rounds live), or after ``?round=N``: match and game points, then the
    event's C.07 team tie-breaks."""
    tournament = team_tournament(tournament_id)
    asked = round_asked(request)

    def build() -> dict:
        event = teams.public_event(tournament)
        if asked is not None and asked not in dict(event.rounds):
            raise Http404(_("No such public round."))
        table = teams.public_team_standings(tournament, asked)
        begun = [n for n, now in event.rounds if now in (BEING_PLAYED, COMPLETE)]
        return {
            "standings": table,
            "rows": [(row, [tiebreak_text(v) for v in row.tiebreaks]) for row in table.rows],
            "rounds": event.rounds,
            "through": table.through_round,
            "after_rounds": sorted({*begun, table.through_round} - {0}),
            "being_played": [
                n for n in table.being_played if asked is None or n == table.through_round
            ],
            "mp_first": table.primary == "mp",
        }

    params = {"round": asked} if asked is not None else {}
    return live_page(
        request, tournament, "public/teams/standings.html", "team-standings", params, build, True
    )


@routes.get("crosstable/", name="public_team_crosstable")
def crosstable_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Team against team (a team round robin's Berger grid) or round by round (a team Swiss),
    with the game points each team scored."""
    tournament = team_tournament(tournament_id)

    def build() -> dict:
        event = teams.public_event(tournament)
        table = teams.team_crosstable(event, teams.public_team_standings(tournament))
        return {"crosstable": table, "rounds": event.rounds}

    return live_page(
        request, tournament, "public/teams/crosstable.html", "team-crosstable", {}, build
    )


@routes.get("boards/", name="public_board_prizes")
def board_prizes_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Each board's players (by their team's board order; reserves apart) with points, games,
    percentage and performance."""
    tournament = team_tournament(tournament_id)

    def build() -> dict:
        event = teams.public_event(tournament)
        _named(event)
        prizes = teams.board_prizes(event)
        return {
            "prizes": [(teams.board_label(p.slot), p) for p in prizes],
            "rounds": event.rounds,
        }

    return live_page(request, tournament, "public/teams/boards.html", "board-prizes", {}, build)


@routes.get("<int:team_id>/", name="public_team")
def team_page(request: HttpRequest, tournament_id: int, team_id: int) -> HttpResponse:
    """A team: its players in board order (each round's board and result beside them) and its
    matches round by round."""
    tournament = team_tournament(tournament_id)

    def build() -> dict:
        event = teams.public_event(tournament)
        team = next((t for t in event.teams if t.pk == team_id), None)
        if team is None:
            raise Http404(_("No such team."))
        _named(event)
        seats = teams.seats(event)
        numbers = [n for n, _ in event.rounds]
        roster = []
        for entry in event.members.get(team.pk, []):
            own = seats.get(entry.pk, {})
            cells = []
            for n in numbers:
                seat = own.get(n)
                cells.append(
                    (
                        seat.board.number,
                        "w" if seat.white else "b",
                        teams.result_text(seat.board, seat.white),
                    )
                    if seat
                    else None
                )
            played = [s for s in own.values() if s.board.played]
            points = sum((s.board.points_of(s.white) for s in played), teams.ZERO)
            roster.append((entry, cells, points, len(played)))
        row = next(
            (r for r in teams.public_team_standings(tournament).rows if r.team.pk == team.pk), None
        )
        return {
            "team": team,
            "row": row,
            "roster": roster,
            "numbers": numbers,
            "lines": teams.team_rounds(event, team),
            "boards": event.settings.boards,
            "rounds": event.rounds,
        }

    return live_page(
        request, tournament, "public/teams/team.html", f"team-{team_id}", {}, build, poll=True
    )


# --- PDFs -------------------------------------------------------------------------------------


def _attachment(tournament: Tournament, suffix: str) -> dict[str, str]:
    name = slugify(tournament.name) or "tournament"
    return {"Content-Disposition": f'attachment; filename="{name}{suffix}"'}


def team_round_pdf_made(tournament: Tournament, number: int) -> Made:
    """A round's matches with their boards, as a PDF (a task may write it)."""
    event = teams.public_event(tournament)
    if number not in dict(event.rounds):
        raise Http404(_("No such public round."))
    pdf = team_pairings_pdf(event, number)
    return pdf, "application/pdf", _attachment(tournament, f"-teams-round-{number}.pdf")


def team_standings_pdf_made(tournament: Tournament, through: int | None) -> Made:
    """The team standings after round ``through`` (None: as the page), as a PDF."""
    table = teams.public_team_standings(tournament, through)
    pdf = team_standings_pdf(tournament, table)
    suffix = f"-team-standings-r{table.through_round}.pdf"
    return pdf, "application/pdf", _attachment(tournament, suffix)


@routes.get("rounds/<int:number>.pdf", name="export_team_round_pdf")
def team_round_pdf(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament = team_tournament(tournament_id)

    def check() -> None:
        if number not in dict(teams.public_event(tournament).rounds):
            raise Http404(_("No such public round."))

    return public_pdf(
        request,
        tournament,
        f"team-round-{number}.pdf",
        {},
        notice=_("The PDF of the matches of round %(number)s is being prepared.")
        % {"number": number},
        builder="arbiter.public.views.teams.team_round_pdf_made",
        args=(number,),
        check=check,
    )


@routes.get("standings.pdf", name="export_team_standings_pdf")
def team_standings_pdf_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The team standings after ``?round=N``, else as the page stands."""
    tournament = team_tournament(tournament_id)
    through = round_asked(request)
    return public_pdf(
        request,
        tournament,
        "team-standings.pdf",
        {"round": through} if through is not None else {},
        notice=_("The PDF of the team standings is being prepared."),
        builder="arbiter.public.views.teams.team_standings_pdf_made",
        args=(through,),
    )

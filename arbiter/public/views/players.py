"""A player's card, chess-results' `art=9`: who they are, where they stand, round by round.

Under each round the engine paired, why the player got that opponent and colour, in the reader's
language (the engine's explanation; arbiter/core/engine_text.py), or that the arbiter changed
the round's pairing by hand.

Rounds are the public ones only. Each line: round, board, colour, the opponent with number and
rating, the opponent's points now, and the player's own result (1 ½ 0; + and - for forfeits, which
show no colour as on chess-results); a bye reads "bye" with the points it gave. Where FIDE rates
the system, the player's rating change follows (templates/public/_rating_change.html: per round
the opponent's rating, the expected score and the change, then K and why, the total; an unrated
player's initial rating from this event), from the tournament's changes kept per version
(arbiter/ratings/change.py); the player's title norms
reached or within reach (in standard chess) come under the summary, each with its requirements
(templates/public/_norms.html), from the tournament's norms kept per version
(arbiter/ratings/norms.py).
"""

from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import urlencode

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string

from arbiter.core.models import Entry, Game, Team
from arbiter.core.standings import (
    counted_byes,
    counted_games,
    public_standings,
    round_progress,
    rule_set,
)
from arbiter.core.templatetags.chess import points as points_text
from arbiter.platform.names import search_text
from arbiter.platform.public_live import HTML, Made, kept_response, live_page, public_tournament
from arbiter.platform.routes import Routes
from arbiter.public.names import add_names
from arbiter.public.views.rounds import own_result
from arbiter.ratings import norm_text
from arbiter.ratings.change import public_changes
from arbiter.ratings.norms import public_norms
from arbiter.teams.standings import public_event, seats

routes = Routes("t/<int:tournament_id>/")


@dataclass
class CardLine:
    round: int
    board: int | None = None
    colour: str = ""
    opponent: Entry | None = None
    opponent_points: Decimal | None = None
    result: str = ""
    forfeit: bool = False
    absent: str = ""  # "bye" or "not paired"
    bye_kind: str = ""
    #: Why the engine paired the player so (its explanation), when it did and the arbiter
    #: changed nothing; ``by_hand`` when the arbiter changed the round's pairing.
    why: dict | None = None
    by_hand: bool = False
    #: In a team event: the match's table and the board in it, and the opposing team.
    team_board: str = ""
    opponent_team: Team | None = None


@routes.get("players/<int:entry_id>/", name="player_card")
def player_card(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """One player's summary and rounds; the URL names the entry, which a late entry never moves."""
    tournament = public_tournament(tournament_id)

    def build() -> dict:
        entry = get_object_or_404(Entry, tournament=tournament, pk=entry_id)
        if tournament.pairing_system.placings:
            return _placed_card(tournament, entry)
        rounds = round_progress(tournament)
        table = public_standings(tournament)
        by_entry = {row.entry.pk: row for row in table.rows}
        games = {
            game.round.number: game
            for game in counted_games(tournament)
            .filter(Q(white=entry) | Q(black=entry))
            .select_related("round", "white", "black")
        }
        byes = {
            bye.round.number: bye
            for bye in counted_byes(tournament).filter(entry=entry).select_related("round")
        }
        scoring = rule_set(tournament).scoring
        explains = tournament.pairing_system.pairing_reasons
        reasons = explains(tournament, entry) if explains else {}
        lines = []
        for number, _ in rounds:
            line = CardLine(round=number)
            line.why = reasons.get(number)
            line.by_hand = number in reasons and reasons[number] is None
            if number in games:
                game: Game = games[number]
                white = game.white_id == entry.pk
                line.board = game.board
                line.opponent = game.black if white else game.white
                opponent_row = by_entry.get(line.opponent.pk)
                line.opponent_points = opponent_row.points if opponent_row else None
                line.result = own_result(game, white)
                line.forfeit = game.is_forfeit
                line.colour = "" if game.is_forfeit else ("w" if white else "b")
            elif number in byes:
                bye = byes[number]
                line.absent = "bye"
                line.bye_kind = bye.get_kind_display()
                line.result = points_text(scoring.bye(bye.kind))
            else:
                line.absent = "not paired"
            lines.append(line)
        team = _team_seats(tournament, entry, lines)
        own = by_entry.get(entry.pk)
        changes = public_changes(tournament)
        norms = [norm_text.view(result) for result in public_norms(tournament).get(entry.pk, [])]
        return {
            "norms": norms,
            "entry": entry,
            "lines": lines,
            "rounds": rounds,
            "points": own.points if own else Decimal(0),
            "rank": own.rank if own else None,
            "through": table.through_round,
            "rating_change": changes.of(entry.pk) if changes else None,
            "team": team,
        }

    return live_page(
        request, tournament, "public/player.html", f"player-{entry_id}", {}, build, poll=True
    )


def _team_seats(tournament, entry: Entry, lines: list[CardLine]) -> Team | None:
    """In a team event (its system has team pages): the player's team, and on each line the
    match's table and board ("2.3") and the opposing team (arbiter/teams/standings.py)."""
    if entry.team_id is None or not tournament.pairing_system.has_page("public_team_standings"):
        return None
    event = public_event(tournament)
    own = seats(event).get(entry.pk, {})
    for line in lines:
        seat = own.get(line.round)
        if seat is not None:
            line.team_board = f"{seat.table}.{seat.number}"
            line.opponent_team = seat.opponent_team
    return next((t for t in event.teams if t.pk == entry.team_id), None)


@dataclass
class BoutLine:
    """A bout of a competitor in a system without rounds (a knockout): its match, stage and
    round, the opponent (None: a bye) and whether the competitor won it."""

    match: int
    stage: str
    round: int
    opponent: Entry | None
    won: bool
    fought: bool


def _placed_card(tournament, entry: Entry) -> dict:
    """A knockout competitor's card: their place (once the bouts decide it) and their bouts,
    never points (the registry's ``placings`` and ``bouts``)."""
    system = tournament.pairing_system
    results = system.placings(tournament)
    line = next((ln for ln, e in results.lines if e is not None and e.pk == entry.pk), None)
    bouts = []
    for bout in system.bouts(tournament):
        sides = (bout["a"], bout["b"])
        if entry not in sides:
            continue
        opponent = sides[1] if sides[0] == entry else sides[0]
        won = bout["winner"] == entry
        bouts.append(
            BoutLine(bout["match"], bout["stage"], bout["round"], opponent, won, bout["fought"])
        )
    return {
        "entry": entry,
        "placed_card": True,
        "drawn": results.drawn,
        "place": line.place if line else None,
        "final": bool(line and line.final),
        "bouts": bouts,
    }


@routes.get("search/", name="public_search")
def search(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Find a player by part of their name (or their starting number), as chess-results offers:
    each match links to the player's card. One query on the tournament's entries."""
    tournament = public_tournament(tournament_id)
    query = search_text(request)

    def make() -> Made:
        found = []
        if len(query) >= 2 or query.isdigit():
            entries = Entry.objects.filter(tournament=tournament)
            match = Q(name__icontains=query)
            if query.isdigit() and len(query) <= 9:
                match |= Q(starting_number=int(query))
            found = list(entries.filter(match).order_by("name")[:50])
            add_names(tournament.pk, found)
        page_path = f"{request.path}?{urlencode({'q': query})}" if query else request.path
        context = {"tournament": tournament, "query": query, "found": found, "page_path": page_path}
        return render_to_string("public/search.html", context), HTML, {}

    name = f"search?{urlencode({'q': query})}"
    return kept_response(request, f"t{tournament.pk}", tournament.public_version, name, make)

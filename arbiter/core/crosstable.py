"""The crosstable: Berger's grid for a round robin, one column per round for every other system.

Rows follow the starting numbers. Only published and complete rounds count, every result in
them (see arbiter.core.standings); the rank is by points alone, ties shared (1, 2, 2, 4) until the
standings' tie-breaks decide them. An adjourned game reads "adj." where its result will be
(docs/fide-mode.md, "Adjourned games").
"""

from collections import defaultdict
from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.db.models import Count, F, Q
from django.utils.translation import gettext

from arbiter.core.models import Bye, Entry, Game, Round, Tournament
from arbiter.core.standings import COUNTED_STATES, ranked, read_results, rule_set
from arbiter.core.templatetags.chess import points as points_text
from pairing.engines import standings as engine


@dataclass
class Cell:
    text: str = ""
    #: The diagonal of the Berger grid (a player never meets themself).
    own: bool = False
    #: What the cell means, spelled out for screen readers and mouse hovers.
    title: str = ""


@dataclass
class Row:
    entry: Entry
    number: int
    points: Decimal
    rank: int = 0
    cells: list[Cell] = field(default_factory=list)
    #: The rating change ("+8"), filled in by the public page where FIDE rates the system
    #: (arbiter/ratings/change.py, a room above this one).
    rating_change: str = ""


@dataclass
class Crosstable:
    berger: bool
    #: Column headings: opponents' numbers (Berger grid) or round numbers.
    columns: list[int]
    rows: list[Row]
    #: The published or complete rounds, by number, with their states.
    rounds: list[tuple[int, str]]
    #: The last complete round, and the first round not complete that has a result already.
    after_round: int | None = None
    in_progress: int | None = None
    #: Some game is adjourned (the legend says what "adj." is).
    adjourned: bool = False


#: A game of the crosstable: (round, White's entry, Black's entry).
Played = tuple[int, int, int]


def crosstable(tournament: Tournament) -> Crosstable:
    """Four queries whatever the size of the field: rounds, entries, games, byes (and the
    adjourned games when a round has one)."""
    round_rows = list(
        tournament.rounds.filter(state__in=COUNTED_STATES)
        .annotate(adjourned=Count("games", filter=Q(games__adjourned=True)))
        .order_by("number")
        .values_list("number", "state", "adjourned")
    )
    rounds = [(number, state) for number, state, _ in round_rows]
    adjourned = _adjourned(tournament) if any(count for *_, count in round_rows) else set()
    entries = list(
        Entry.objects.filter(tournament=tournament).order_by(
            F("starting_number").asc(nulls_last=True), "name"
        )
    )
    games, byes = read_results(tournament)
    rules = rule_set(tournament)
    by_points = {
        row.entry.pk: row for row in ranked(entries, games, byes, replace(rules, tiebreaks=()))
    }
    # Entries without a starting number (not yet drawn) are numbered after the others.
    numbers = {e.pk: e.starting_number or position for position, e in enumerate(entries, 1)}
    rows = [Row(e, numbers[e.pk], by_points[e.pk].points, by_points[e.pk].rank) for e in entries]
    berger = tournament.pairing_system.crosstable == "berger"
    if berger:
        columns = [row.number for row in rows]
        _fill_berger(rows, games, adjourned)
    else:
        columns = [number for number, _ in rounds]
        _fill_by_round(rows, columns, games, byes, numbers, rules.scoring, adjourned)
    complete = [number for number, state in rounds if state == Round.State.COMPLETE]
    under_way = sorted(g.round for g in games if g.result and g.round not in complete)
    return Crosstable(
        berger=berger,
        columns=columns,
        rows=rows,
        rounds=rounds,
        after_round=max(complete, default=None),
        in_progress=under_way[0] if under_way else None,
        adjourned=bool(adjourned),
    )


def _adjourned(tournament: Tournament) -> set[Played]:
    """The adjourned games of the counted rounds, still without a result."""
    games = Game.objects.filter(
        round__tournament=tournament, round__state__in=COUNTED_STATES, adjourned=True
    )
    return set(games.values_list("round__number", "white_id", "black_id"))


def _symbol(game: engine.Game, white: bool, adjourned: set[Played]) -> str:
    """The row player's result: 1 ½ 0 over the board, + or - for a forfeit, "adj." for an
    adjourned game (FIDE's checklist Q157), empty while on."""
    if (game.round, game.white, game.black) in adjourned:
        return gettext("adj.")
    return game.result.symbol("white" if white else "black") if game.result else ""


def _fill_berger(rows: list[Row], games: list[engine.Game], adjourned: set[Played]) -> None:
    met: dict[tuple[int, int], list[str]] = defaultdict(list)
    for game in sorted(games, key=lambda g: (g.round, g.white, g.black)):
        met[game.white, game.black].append(_symbol(game, True, adjourned))
        met[game.black, game.white].append(_symbol(game, False, adjourned))
    for row in rows:
        for opponent in rows:
            if opponent is row:
                row.cells.append(Cell(own=True))
                continue
            text = " ".join(s for s in met.get((row.entry.pk, opponent.entry.pk), []) if s)
            title = f"{row.number} against {opponent.number}: {text}" if text else ""
            row.cells.append(Cell(text=text, title=title))


def _fill_by_round(
    rows: list[Row],
    columns: list[int],
    games: list[engine.Game],
    byes: list[engine.Bye],
    numbers: dict[int, int],
    scoring: engine.Scoring,
    adjourned: set[Played],
) -> None:
    """Each cell: opponent's number, colour (w/b) and result, "12w1" ("12w adj." for an
    adjourned game); a bye reads "-1", "-½" (what the scoring gives it)."""
    cells: dict[tuple[int, int], Cell] = {}
    for game in games:
        waits = (game.round, game.white, game.black) in adjourned
        for me, opponent, colour in ((game.white, game.black, "w"), (game.black, game.white, "b")):
            symbol = _symbol(game, colour == "w", adjourned)
            text = f"{numbers.get(opponent, '?')}{colour}{' ' if waits else ''}{symbol}"
            title = gettext("an adjourned game, without its result yet") if waits else ""
            cells[me, game.round] = Cell(text=text, title=title)
    for bye in byes:
        worth = points_text(scoring.bye(bye.kind))
        cells[bye.player, bye.round] = Cell(text=f"-{worth}", title=Bye.Kind(bye.kind).label)
    for row in rows:
        row.cells = [cells.get((row.entry.pk, number), Cell()) for number in columns]

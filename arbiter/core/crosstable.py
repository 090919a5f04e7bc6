"""The crosstable: Berger's grid for a round robin, one column per round for every other system.

Rows follow the starting numbers. Only published and complete rounds count, every result in
them (see arbiter.core.standings); the rank is by points alone, ties shared (1, 2, 2, 4) until the
standings' tie-breaks decide them.
"""

from collections import defaultdict
from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.db.models import F

from arbiter.core.models import Bye, Entry, Round, Tournament
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


def crosstable(tournament: Tournament) -> Crosstable:
    """Four queries whatever the size of the field: rounds, entries, games, byes."""
    rounds = list(
        tournament.rounds.filter(state__in=COUNTED_STATES)
        .order_by("number")
        .values_list("number", "state")
    )
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
        _fill_berger(rows, games)
    else:
        columns = [number for number, _ in rounds]
        _fill_by_round(rows, columns, games, byes, numbers, rules.scoring)
    complete = [number for number, state in rounds if state == Round.State.COMPLETE]
    under_way = sorted(g.round for g in games if g.result and g.round not in complete)
    return Crosstable(
        berger=berger,
        columns=columns,
        rows=rows,
        rounds=rounds,
        after_round=max(complete, default=None),
        in_progress=under_way[0] if under_way else None,
    )


def _symbol(game: engine.Game, white: bool) -> str:
    """The row player's result: 1 ½ 0 over the board, + or - for a forfeit, empty while on."""
    return game.result.symbol("white" if white else "black") if game.result else ""


def _fill_berger(rows: list[Row], games: list[engine.Game]) -> None:
    met: dict[tuple[int, int], list[str]] = defaultdict(list)
    for game in sorted(games, key=lambda g: (g.round, g.white, g.black)):
        met[game.white, game.black].append(_symbol(game, white=True))
        met[game.black, game.white].append(_symbol(game, white=False))
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
) -> None:
    """Each cell: opponent's number, colour (w/b) and result, "12w1"; a bye reads "-1", "-½"
    (what the scoring gives it)."""
    cells: dict[tuple[int, int], Cell] = {}
    for game in games:
        for me, opponent, colour in ((game.white, game.black, "w"), (game.black, game.white, "b")):
            text = f"{numbers.get(opponent, '?')}{colour}{_symbol(game, colour == 'w')}"
            cells[me, game.round] = Cell(text=text)
    for bye in byes:
        worth = points_text(scoring.bye(bye.kind))
        cells[bye.player, bye.round] = Cell(text=f"-{worth}", title=Bye.Kind(bye.kind).label)
    for row in rows:
        row.cells = [cells.get((row.entry.pk, number), Cell()) for number in columns]

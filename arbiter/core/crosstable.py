"""The crosstable: Berger's grid for a round robin, one column per round for every other system.

Rows follow the starting numbers. Only published and complete rounds count (see
arbiter.core.scoring).
"""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import F

from arbiter.core.models import Bye, Entry, Round, Tournament
from arbiter.core.scoring import COUNTED_STATES, add_up, bye_points, counted_byes, counted_games
from arbiter.core.templatetags.chess import points as points_text
from pairing.engines import results


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
    games = list(
        counted_games(tournament).values_list("round__number", "white_id", "black_id", "result")
    )
    byes = list(counted_byes(tournament).values_list("round__number", "entry_id", "kind"))
    totals = add_up(
        [e.pk for e in entries],
        [(white, black, result) for _, white, black, result in games],
        [(entry_id, kind) for _, entry_id, kind in byes],
        tournament.system,
    )
    # Entries without a starting number (not yet drawn) are numbered after the others.
    numbers = {e.pk: e.starting_number or position for position, e in enumerate(entries, 1)}
    rows = [Row(entry=e, number=numbers[e.pk], points=totals[e.pk]) for e in entries]
    _rank(rows)
    berger = tournament.pairing_system.crosstable == "berger"
    if berger:
        columns = [row.number for row in rows]
        _fill_berger(rows, games, numbers)
    else:
        columns = [number for number, _ in rounds]
        _fill_by_round(rows, columns, games, byes, numbers, tournament.system)
    complete = [number for number, state in rounds if state == Round.State.COMPLETE]
    under_way = sorted(n for n, _, _, result in games if result and n not in complete)
    return Crosstable(
        berger=berger,
        columns=columns,
        rows=rows,
        rounds=rounds,
        after_round=max(complete, default=None),
        in_progress=under_way[0] if under_way else None,
    )


def _rank(rows: list[Row]) -> None:
    """Ties share a rank (1, 2, 2, 4) until the tie-breaks decide them."""
    by_points = sorted(rows, key=lambda row: -row.points)
    for position, row in enumerate(by_points, 1):
        previous = by_points[position - 2] if position > 1 else None
        row.rank = previous.rank if previous and previous.points == row.points else position


def _symbol(result: str, white: bool) -> str:
    """The row player's result: 1 ½ 0 over the board, + or - for a forfeit, empty while on."""
    outcome = results.from_code(result)
    return outcome.symbol("white" if white else "black") if outcome else ""


def _fill_berger(rows: list[Row], games, numbers: dict[int, int]) -> None:
    met: dict[tuple[int, int], list[str]] = defaultdict(list)
    for _, white, black, result in sorted(games):
        met[white, black].append(_symbol(result, white=True))
        met[black, white].append(_symbol(result, white=False))
    for row in rows:
        for opponent in rows:
            if opponent is row:
                row.cells.append(Cell(own=True))
                continue
            text = " ".join(s for s in met.get((row.entry.pk, opponent.entry.pk), []) if s)
            title = f"{row.number} against {opponent.number}: {text}" if text else ""
            row.cells.append(Cell(text=text, title=title))


def _fill_by_round(
    rows: list[Row], columns: list[int], games, byes, numbers: dict[int, int], system: str
) -> None:
    """Each cell: opponent's number, colour (w/b) and result, "12w1"; a bye reads "-1", "-½"."""
    cells: dict[tuple[int, int], Cell] = {}
    for round_number, white, black, result in games:
        for me, opponent, colour in ((white, black, "w"), (black, white, "b")):
            text = f"{numbers.get(opponent, '?')}{colour}{_symbol(result, colour == 'w')}"
            cells[me, round_number] = Cell(text=text)
    for round_number, entry_id, kind in byes:
        worth = points_text(bye_points(kind, system))
        cells[entry_id, round_number] = Cell(text=f"-{worth}", title=Bye.Kind(kind).label)
    for row in rows:
        row.cells = [cells.get((row.entry.pk, number), Cell()) for number in columns]

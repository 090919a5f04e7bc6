"""Swedish attendance Monrad ("närvaromonrad"): pair only the players present tonight.

The six steps of the spec (/work/shared/specs/monrad.md), one function each:

1. :func:`count_present` counts the cards of the players present;
2. :func:`position_order` writes them in position order (the standing: score piles, highest
   first; inside a pile the order from before the previous round, or the card number);
3. :func:`bye_candidates` gives the bye to the lowest-placed present player who has not had one;
4. :func:`pair_from_top` pairs the highest-positioned unpaired player with the highest-positioned
   player he or she has not met;
5. :func:`allocate_colours` gives White to the player with fewer Whites, the lower-positioned one
   on a tie (so in round 1 the higher number has White);
6. :func:`pair_from_top` backtracks from the bottom, one pair at a time, when the last pair has
   already met.

When no pairing without a repeat exists, :func:`pair_evening` says so and returns the pairing
with the fewest repeats (marked), for the arbiter to accept or edit. Plain data in, plain data
out: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property

from pairing.engines import results
from pairing.engines.matching import max_weight_matching
from pairing.engines.standings import RuleSet, club_rules, settle


class MonradError(ValueError):
    """Input the engine cannot pair; the message names what is wrong."""


@dataclass(frozen=True)
class Settings:
    """The club's choices (docs/monrad.md): the scoring, the bye's value and the tie-break are
    the club rule set of the standings engine (pairing/engines/standings.py), which defines
    what each result is worth; ``tie_order`` is the order inside a score pile."""

    scoring: str = "3-2-1"
    bye: str = "win"
    tie_order: str = "previous"
    tiebreak: str = "bh-c1"

    def __post_init__(self) -> None:
        try:
            club_rules(self.scoring, self.bye, self.tiebreak, self.tie_order)
        except ValueError as error:
            raise MonradError(str(error)) from None

    @cached_property
    def rules(self) -> RuleSet:
        """The club rule set these choices make: the standing's scoring and tie-breaks."""
        return club_rules(self.scoring, self.bye, self.tiebreak, self.tie_order)

    @property
    def bye_points(self) -> Fraction:
        return Fraction(self.rules.scoring.pab)

    def game_points(self, result: str) -> tuple[Fraction, Fraction]:
        """White's and Black's points. A forfeit win scores a win; the player who did not come
        scores nothing, like an absent one; a game without a result gives nothing yet."""
        white, black = self.rules.scoring.game(results.from_code(result))
        return Fraction(white), Fraction(black)


@dataclass(frozen=True)
class Player:
    """A member's card: ``number`` is drawn by lot before round 1; late members get the next
    numbers, so they start at the bottom."""

    id: str
    number: int
    name: str = ""


@dataclass(frozen=True)
class Game:
    white: str
    black: str
    result: str = ""


@dataclass(frozen=True)
class Evening:
    """One round played: its games and the pairing-allocated bye. Absent members have neither."""

    games: tuple[Game, ...] = ()
    bye: str | None = None


@dataclass(frozen=True)
class Line:
    """One line of a member's card: the round, the opponent (None for the bye), the colour
    ("w", "b" or "" for the bye), the result as the member sees it and the points."""

    round: int
    opponent: str | None
    colour: str
    result: str
    points: Fraction


@dataclass(frozen=True)
class Card:
    id: str
    number: int
    name: str
    position: int
    score: Fraction
    games: int
    whites: int
    blacks: int
    wins: int
    had_bye: bool
    opponents: tuple[str, ...]
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Board:
    """One board of the evening: its number and the ids of White and Black."""

    number: int
    white: str
    black: str
    #: The two have met before: only in a pairing with repeats.
    repeat: bool = False


@dataclass(frozen=True)
class RoundPairing:
    """The engine's pairing of one round (one evening): its boards, and the bye."""

    round: int
    present: int
    #: The present members' cards in position order (step 2), as laid out on the table.
    cards: tuple[Card, ...]
    boards: tuple[Board, ...]
    bye: str | None
    #: Pairs undone while backtracking (step 6).
    backtracks: int
    #: Boards whose players have met before; zero unless no repeat-free pairing exists.
    repeats: int = 0
    #: The bye went to a member who already had one (everyone present had had one).
    second_bye: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def needs_acceptance(self) -> bool:
        return self.repeats > 0 or self.second_bye


# --- the season: scores, colours, positions ----------------------------------------------


def season(
    players: Sequence[Player], evenings: Sequence[Evening], settings: Settings = Settings()
) -> list[Card]:
    """Every member's card after the evenings played, in position order for the next round.

    Positions: before round 1 the card numbers; after each round a stable sort by score of the
    order before that round (``tie_order="previous"``), or score then card number.
    """
    by_id = {p.id: p for p in players}
    if len(by_id) != len(players):
        raise MonradError("A player id is in the list twice.")
    by_number = sorted(players, key=lambda p: p.number)
    order = list(by_number)
    score = dict.fromkeys(by_id, Fraction(0))
    whites = dict.fromkeys(by_id, 0)
    blacks = dict.fromkeys(by_id, 0)
    wins = dict.fromkeys(by_id, 0)
    byes = dict.fromkeys(by_id, 0)
    opponents: dict[str, list[str]] = {p: [] for p in by_id}
    lines: dict[str, list[Line]] = {p: [] for p in by_id}
    for number, evening in enumerate(evenings, start=1):
        seen: set[str] = set()
        for game in evening.games:
            for pid in (game.white, game.black):
                if pid not in by_id:
                    raise MonradError(f"Round {number}: unknown player {pid!r}.")
                if pid in seen:
                    raise MonradError(f"Round {number}: player {pid!r} appears twice.")
                seen.add(pid)
            if game.white == game.black:
                raise MonradError(f"Round {number}: {game.white!r} cannot play themselves.")
            outcome = results.from_code(game.result)
            if outcome is None and game.result != "":
                raise MonradError(f"Round {number}: unknown result {game.result!r}.")
            white_points, black_points = settings.game_points(game.result)
            score[game.white] += white_points
            score[game.black] += black_points
            played = outcome is not None and outcome.played
            if played:
                whites[game.white] += 1
                blacks[game.black] += 1
                opponents[game.white].append(game.black)
                opponents[game.black].append(game.white)
            winner = outcome.winner if outcome else None
            wins[game.white] += winner == "white"
            wins[game.black] += winner == "black"
            for pid, other, colour, points in (
                (game.white, game.black, "w", white_points),
                (game.black, game.white, "b", black_points),
            ):
                shown = outcome.symbol(colour) if outcome else ""
                lines[pid].append(Line(number, other, colour if played else "", shown, points))
        if evening.bye is not None:
            if evening.bye not in by_id:
                raise MonradError(f"Round {number}: unknown player {evening.bye!r} has the bye.")
            if evening.bye in seen:
                raise MonradError(f"Round {number}: {evening.bye!r} has a game and the bye.")
            score[evening.bye] += settings.bye_points
            byes[evening.bye] += 1
            lines[evening.bye].append(Line(number, None, "", "bye", settings.bye_points))
        order = settle(order, by_number, lambda p: score[p.id], settings.tie_order)
    return [
        Card(
            id=p.id,
            number=p.number,
            name=p.name,
            position=position,
            score=score[p.id],
            games=whites[p.id] + blacks[p.id],
            whites=whites[p.id],
            blacks=blacks[p.id],
            wins=wins[p.id],
            had_bye=byes[p.id] > 0,
            opponents=tuple(opponents[p.id]),
            lines=tuple(lines[p.id]),
        )
        for position, p in enumerate(order, start=1)
    ]


# --- the six steps ------------------------------------------------------------------------


def count_present(cards: Iterable[Card], present: Iterable[str]) -> int:
    """Step 1: the number of cards of the players present (unknown ids are an error)."""
    known = {c.id for c in cards}
    present = set(present)
    unknown = present - known
    if unknown:
        raise MonradError(f"Unknown present player(s): {', '.join(sorted(unknown))}.")
    return len(present)


def position_order(cards: Sequence[Card], present: Iterable[str]) -> list[Card]:
    """Step 2: the present players' cards in position order, numbered 1, 2, 3, ... tonight (the
    season's order with the absentees left out, which does not change the order of the others)."""
    present = set(present)
    return [
        replace(card, position=position)
        for position, card in enumerate((c for c in cards if c.id in present), start=1)
    ]


def bye_candidates(order: Sequence[Card]) -> tuple[list[Card], bool]:
    """Step 3: who may take the bye, best first: the lowest-placed present player who has not
    had one, then the next one up. When every present player has had one, all of them from the
    bottom, and the flag says that this would be a second bye."""
    eligible = [c for c in reversed(order) if not c.had_bye]
    if eligible:
        return eligible, False
    return list(reversed(order)), True


@dataclass
class _Search:
    met: set[frozenset[str]]
    backtracks: int = 0
    failed: set[tuple[tuple[str, ...], int]] = field(default_factory=set)


def pair_from_top(
    order: Sequence[str], met: set[frozenset[str]], repeats_allowed: int = 0
) -> tuple[list[tuple[str, str]], int] | None:
    """Steps 4 and 6: pair ``order`` (ids, highest position first) from the top, and undo pairs
    from the bottom when the last one has met already.

    The highest unpaired player takes the highest-placed player not met; when the rest cannot be
    paired, that pair is undone and the next candidate tried, going up one pair at a time as far
    as needed. Returns the pairs (higher-positioned player first) and how many pairs were
    undone, or None. With ``repeats_allowed`` > 0, after every unmet candidate the met ones are
    tried too, spending one repeat each (the fewest-repeats pairing, see :func:`pair_evening`).
    A set of remaining players that could not be paired is remembered, which changes nothing in
    the result but keeps hopeless searches short.
    """
    search = _Search(met)
    pairs = _solve(tuple(order), repeats_allowed, search)
    if pairs is None:
        return None
    return pairs, search.backtracks


def _solve(
    remaining: tuple[str, ...], allowed: int, search: _Search
) -> list[tuple[str, str]] | None:
    if not remaining:
        return []
    if (remaining, allowed) in search.failed:
        return None
    top, rest = remaining[0], remaining[1:]
    fresh = [c for c in rest if frozenset((top, c)) not in search.met]
    candidates = [(c, 0) for c in fresh]
    if allowed:
        candidates += [(c, 1) for c in rest if frozenset((top, c)) in search.met]
    for candidate, cost in candidates:
        below = tuple(p for p in rest if p != candidate)
        pairs = _solve(below, allowed - cost, search)
        if pairs is not None:
            return [(top, candidate), *pairs]
        search.backtracks += 1
    search.failed.add((remaining, allowed))
    return None


def allocate_colours(higher: Card, lower: Card) -> tuple[Card, Card]:
    """Step 5: (White, Black). Fewer Whites so far gets White; equal Whites: the
    lower-positioned player (so in round 1, with nobody having had White, the higher number)."""
    if higher.whites < lower.whites:
        return higher, lower
    return lower, higher


# --- one evening --------------------------------------------------------------------------


def pair_evening(
    players: Sequence[Player],
    evenings: Sequence[Evening],
    present: Iterable[str],
    settings: Settings = Settings(),
) -> RoundPairing:
    """Pair the next round among the players present (the six steps)."""
    present = list(dict.fromkeys(present))
    cards = season(players, evenings, settings)
    count = count_present(cards, present)  # step 1
    if count < 2:
        raise MonradError("At least two players must be present to pair a round.")
    order = position_order(cards, present)  # step 2
    met = {frozenset((c.id, o)) for c in cards for o in c.opponents}
    notes: list[str] = []
    candidates: Sequence[Card | None]
    if count % 2:
        candidates, second_bye = bye_candidates(order)  # step 3
        if second_bye:
            notes.append("Everyone present has had the bye: the lowest-placed gets a second one.")
    else:
        candidates, second_bye = [None], False
    found = None
    for bye in candidates:
        rest = [c.id for c in order if bye is None or c.id != bye.id]
        if _repeats_needed(rest, met) == 0:
            found = (bye, rest, 0)
            break
        if bye is not None:
            notes.append(
                f"With the bye to {_label(bye)} nobody can be paired without a repeat; "
                "the bye moves up."
            )
    if found is None:
        notes = [n for n in notes if "moves up" not in n]
        notes.append(
            "No pairing without a repeat exists tonight: this is the pairing with the "
            "fewest repeats. Accept it or edit it."
        )
        best = min(
            candidates,
            key=lambda b: _repeats_needed([c.id for c in order if b is None or c.id != b.id], met),
        )
        rest = [c.id for c in order if best is None or c.id != best.id]
        found = (best, rest, _repeats_needed(rest, met))
    bye, rest, allowed = found
    result = pair_from_top(rest, met, allowed)  # steps 4 and 6
    assert result is not None, "the matching said a pairing exists"
    pairs, backtracks = result
    by_id = {c.id: c for c in order}
    boards = []
    for number, (high, low) in enumerate(pairs, start=1):
        white, black = allocate_colours(by_id[high], by_id[low])  # step 5
        boards.append(Board(number, white.id, black.id, frozenset((high, low)) in met))
    return RoundPairing(
        round=len(evenings) + 1,
        present=count,
        cards=tuple(order),
        boards=tuple(boards),
        bye=bye.id if bye is not None else None,
        backtracks=backtracks,
        repeats=sum(b.repeat for b in boards),
        second_bye=second_bye and bye is not None,
        notes=tuple(notes),
    )


def _label(card: Card) -> str:
    return f"{card.name or card.id} (position {card.position})"


def _repeats_needed(ids: Sequence[str], met: set[frozenset[str]]) -> int:
    """The fewest boards with a repeat over all pairings of ``ids`` (0: a repeat-free one
    exists). A maximum-weight matching where a repeat edge weighs a little less than a new one;
    the large base makes every perfect matching outweigh every imperfect one."""
    n = len(ids)
    if n == 0:
        return 0
    base = n + 1
    edges = [
        (i, j, base + (frozenset((ids[i], ids[j])) not in met))
        for i in range(n)
        for j in range(i + 1, n)
    ]
    mate = max_weight_matching(n, edges)
    return sum(1 for i, j in enumerate(mate) if j > i and frozenset((ids[i], ids[j])) in met)

"""FIDE title norms: whether a player's results make a GM, IM, WGM or WIM norm, or still can.

The rules are those of the FIDE Title Regulations (Handbook B.01, applied from 1 January 2024),
articles 1.4.1 to 1.4.9 and 1.7; docs/ratings.md, "Title norms", says where each was read and
which choices this module makes where the text leaves one. Each requirement below cites its
article. The p -> dp table of 1.4.9 is the rating regulations' table 8.1.1 (B.02), identical
entry for entry: it is read from :mod:`pairing.engines.rating`, never copied.

Pure Python: plain data in (the player, the event, one :class:`RoundRecord` per round),
plain data out (one :class:`NormResult` per title); the app's glue reads the games
(arbiter/ratings/norms.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from itertools import combinations

from pairing.engines.rating import rating_difference

GM, IM, WGM, WIM = "GM", "IM", "WGM", "WIM"
#: The norm titles, in the order the pages list them.
TITLES: tuple[str, ...] = (GM, IM, WGM, WIM)

#: 1.4.5a: the titles of 0.3 that make a title-holder, "excluding CM and WCM".
TITLE_HOLDERS = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
#: 1.4.2a: players of ``FID`` are accepted but are never foreign, and count in no federation.
FIDE_FLAG = "FID"
#: 1.4.6d: an unrated opponent (not left out by 1.4.2b) counts as rated 1400.
UNRATED = 1400
#: 1.4.1a: at least nine games.
MIN_GAMES = 9
#: 1.4.1c: a nine-round event may give a nine-game norm from eight games.
NINE_ROUNDS = 9
#: 1.7: a norm from an event of more than 13 rounds counts as 13 games.
MAX_NORM_GAMES = 13
#: 1.4.8b: the minimum score, 35 %.
MIN_SCORE = Fraction(35, 100)
#: 1.4.3: opponents from at least two federations other than the player's.
FOREIGN_FEDERATIONS = 2
#: 1.4.4: at most 3/5 from the player's federation, at most 2/3 from any one federation.
OWN_FEDERATION_SHARE = Fraction(3, 5)
ONE_FEDERATION_SHARE = Fraction(2, 3)
#: 1.4.5a: at least half the opponents title-holders.
TITLED_SHARE = Fraction(1, 2)
#: 1.4.5b-e: at least a third of the opponents, and at least three, holding the title or above;
#: 1.4.5f: in a double round robin half of the opponents (players, rounded up).
HOLDERS_SHARE = Fraction(1, 3)
HOLDERS_MINIMUM = 3
DOUBLE_ROUND_ROBIN_HOLDERS_SHARE = Fraction(1, 2)
#: 1.4.3d: a Swiss whose field has in every round at least 20 FIDE-rated players not from the
#: host federation, from at least 3 federations, at least 10 of them GM, IM, WGM or WIM.
BIG_SWISS_PLAYERS = 20
BIG_SWISS_FEDERATIONS = 3
BIG_SWISS_TITLED = 10
BIG_SWISS_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})
#: 1.4.3d: a player counts there when missing at most one round (a pairing-allocated bye is
#: not missed).
BIG_SWISS_MISSED = 1

HALF = Decimal("0.5")


@dataclass(frozen=True)
class TitleRule:
    """What one norm asks (B.01 0.5, 1.4.5, 1.4.6b, 1.4.8): the performance, the opponents'
    average, the floor the lowest opponent may be raised to, the titles that count for 1.4.5b-e
    (the title or above), and whether it is a women's title (0.3)."""

    title: str
    performance: int
    average: int
    floor: int
    qualifying: frozenset[str]
    women: bool


RULES: dict[str, TitleRule] = {
    GM: TitleRule(GM, 2600, 2380, 2200, frozenset({GM}), False),
    IM: TitleRule(IM, 2450, 2230, 2050, frozenset({GM, IM}), False),
    WGM: TitleRule(WGM, 2400, 2180, 2000, frozenset({GM, IM, WGM}), True),
    WIM: TitleRule(WIM, 2250, 2030, 1850, frozenset({GM, IM, WGM, WIM}), True),
}


class Exemption(Enum):
    """The events 1.4.3 exempts from the federation requirements of 1.4.3 and 1.4.4 (the
    "normal foreigner requirement" of 1.4.3e): the arbiter says which the event is (a, b, c);
    d, a big Swiss, is computed from the field (:func:`big_swiss`)."""

    NONE = ""
    NATIONAL_CHAMPIONSHIP = "1.4.3a"
    NATIONAL_TEAM_CHAMPIONSHIP = "1.4.3b"
    ZONAL = "1.4.3c"

    @property
    def host_players_only(self) -> bool:
        """1.4.3a and b exempt only the players of the federation that registered the event."""
        return self in (Exemption.NATIONAL_CHAMPIONSHIP, Exemption.NATIONAL_TEAM_CHAMPIONSHIP)


BIG_SWISS = "1.4.3d"


class Kind(Enum):
    """What a round was for the player."""

    PLAYED = "played"  # a game over the board, with its result
    PENDING = "pending"  # paired or scheduled, no result yet (being played, adjourned, to come)
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"  # a double forfeit too
    PAIRING_BYE = "pairing-allocated bye"
    ABSENT = "absent"  # a requested bye, or not paired


class Left(Enum):
    """Why a round is not among the games of the norm."""

    FORFEIT = "1.4.2c"  # decided by forfeit, not over the board
    BYE = "bye"  # no opponent
    UNRATED_ZERO = "1.4.2b"  # round robin: an unrated opponent who scored nothing against rated
    AFTER_NORM = "1.4.1e"  # a Swiss: a game after the norm was reached, ignored
    BEATEN = "1.4.1f"  # a game against a beaten opponent, ignored
    PENDING = "pending"  # no result yet


class Status(Enum):
    """Where a norm stands."""

    REACHED = "reached"
    REACHABLE = "reachable"
    OUT_OF_REACH = "out of reach"
    #: The player holds the title, or one that counts above it (1.4.5's order): no norm for it.
    HELD = "held"
    #: A women's title for a player not recorded as a woman (0.3).
    NOT_ELIGIBLE = "not eligible"
    #: No game yet to judge from.
    NOT_STARTED = "not started"


@dataclass(frozen=True)
class Opponent:
    """An opponent as the norm reads them: rating (None: unrated), title, federation, FIDE id
    and name (for the report), ``key`` telling two opponents apart (a double round robin counts
    players, 1.4.5f), and for an unrated opponent in a round robin the points they scored
    against rated players (1.4.2b; None: not known, counted)."""

    rating: int | None
    title: str = ""
    federation: str = ""
    fide_id: int | None = None
    name: str = ""
    key: int | str | None = None
    points_against_rated: Decimal | None = None

    @property
    def rated(self) -> bool:
        return bool(self.rating)


@dataclass(frozen=True)
class RoundRecord:
    """One round of the player: its number, what it was, the opponent (none for a bye or an
    absence) and the player's score in a played game."""

    round: int
    kind: Kind
    opponent: Opponent | None = None
    score: Decimal | None = None


@dataclass(frozen=True)
class Player:
    """The player whose norms are judged: title, federation, rating, whether recorded as a
    woman (the women's titles are theirs, 0.3), and whether they left the event (no rounds to
    come)."""

    title: str = ""
    federation: str = ""
    rating: int | None = None
    woman: bool = False
    withdrawn: bool = False


@dataclass(frozen=True)
class BigSwiss:
    """The 1.4.3d test on the field: the players counted (FIDE-rated, not of the host
    federation, missing at most one round), their federations and those holding GM, IM, WGM
    or WIM."""

    players: int
    federations: int
    titled: int

    @property
    def holds(self) -> bool:
        return (
            self.players >= BIG_SWISS_PLAYERS
            and self.federations >= BIG_SWISS_FEDERATIONS
            and self.titled >= BIG_SWISS_TITLED
        )


@dataclass(frozen=True)
class FieldPlayer:
    """A participant as 1.4.3d counts them: federation, rated or not, title, and the rounds
    they missed so far (a pairing-allocated bye is not missed)."""

    federation: str
    rated: bool
    title: str = ""
    missed: int = 0


def big_swiss(field_players: Iterable[FieldPlayer], host: str) -> BigSwiss:
    """1.4.3d on the field: the FIDE-rated players not from the host federation (``FID`` and a
    missing federation count as none) who missed at most one round, their federations, and how
    many of them hold GM, IM, WGM or WIM."""
    counted = [
        p
        for p in field_players
        if p.rated and p.federation not in ("", FIDE_FLAG, host) and p.missed <= BIG_SWISS_MISSED
    ]
    return BigSwiss(
        players=len(counted),
        federations=len({p.federation for p in counted}),
        titled=sum(1 for p in counted if p.title in BIG_SWISS_TITLES),
    )


@dataclass(frozen=True)
class Event:
    """What the norm needs of the event: a round robin (its pairings set in advance: 1.4.1e,
    1.4.2b) and a double one (1.4.5f), the rounds planned, the rounds paired so far, the host
    federation, the exemption the arbiter marked, and the 1.4.3d test (a Swiss)."""

    round_robin: bool
    rounds: int
    paired: int = 0
    host_federation: str = ""
    double_round_robin: bool = False
    exemption: Exemption = Exemption.NONE
    big_swiss: BigSwiss | None = None


@dataclass(frozen=True)
class Requirement:
    """One requirement of a norm, as judged: its ``code`` (what it is), article, the value the
    games give, the bound (``at_most``: a maximum, else a minimum) and whether it holds; a
    federation requirement the event is exempt from holds, naming the exemption."""

    code: str
    article: str
    value: int | Decimal
    bound: int | Decimal
    holds: bool
    at_most: bool = False
    exempt: str = ""
    #: For ``one_federation``, the federation with the most opponents; for ``average``, the
    #: rating of the opponent raised to the floor and the floor; for ``performance``, the
    #: value before rounding; for ``games``, "1.4.1c" when eight games stand for nine.
    note: str = ""


@dataclass(frozen=True)
class GameLine:
    """A round as the norm report lists it: the record, the rating the norm uses (1400 for an
    unrated opponent), that rating after the 1.4.6 raise (None: not raised), and why the round
    is left out (None: counted)."""

    record: RoundRecord
    rating: int | None = None
    raised: int | None = None
    left: Left | None = None


@dataclass(frozen=True)
class Performance:
    """1.4.6 to 1.4.9 on a set of games: the opponents' average before and after rounding (with
    the lowest raised to the floor), the index of the raised one, the score as a whole
    percentage, dp, and the performance Rp = Ra + dp, with its value before rounding."""

    games: int
    score: Decimal
    average_exact: Fraction
    average: int
    raised: int | None
    percentage: int
    dp: int
    rating: int
    rating_exact: Fraction


@dataclass(frozen=True)
class NormResult:
    """One title's verdict.

    ``requirements`` describe the games counted so far (reached: the games of the norm);
    ``lines`` every round, counted or left out and why. Reachable: ``needed`` is the smallest
    score from the ``remaining`` rounds that makes the norm, ``assumed`` how many of those
    rounds have no opponent yet (taken as opponents of the present average, GMs of other
    federations: the best case for the mix). Reached: ``required`` is the smallest score the
    games would have needed, ``norm_games`` the games the norm counts as (1.4.1c, 1.4.1d,
    1.7), ``through_round`` the last round it uses, ``exemption`` the 1.4.3 article it used."""

    title: str
    status: Status
    requirements: tuple[Requirement, ...] = ()
    lines: tuple[GameLine, ...] = ()
    performance: Performance | None = None
    required: Decimal | None = None
    norm_games: int = 0
    remaining: int = 0
    needed: Decimal | None = None
    assumed: int = 0
    through_round: int | None = None
    exemption: str = ""

    @property
    def failing(self) -> tuple[Requirement, ...]:
        return tuple(r for r in self.requirements if not r.holds)

    @property
    def shown(self) -> bool:
        """A norm line is worth showing: reached or still reachable."""
        return self.status in (Status.REACHED, Status.REACHABLE)


# --- arithmetic ---------------------------------------------------------------------------------


def round_half_up(value: Fraction) -> int:
    """To the nearest whole number, .5 upward (1.4.7b, and the percentages of 1.4.9)."""
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)


def at_least(share: Fraction, games: int) -> int:
    """A minimum number of opponents: ``share`` of ``games``, rounded up (1.4.4)."""
    product = share * games
    return -(-product.numerator // product.denominator)


def at_most(share: Fraction, games: int) -> int:
    """A maximum number of opponents: ``share`` of ``games``, rounded down (1.4.4)."""
    product = share * games
    return product.numerator // product.denominator


def minimum_score(games: int) -> Decimal:
    """35 % of ``games`` (1.4.8b), up to the next half point: the least score that is at least
    35 %."""
    halves = at_least(MIN_SCORE * 2, games)
    return Decimal(halves) / 2


def raise_lowest(
    ratings: Sequence[int | Fraction], floor: int
) -> tuple[list[int | Fraction], int | None]:
    """1.4.6c: the ratings with the lowest raised to the floor when below it (only the one
    lowest, however many are below), and its index (None: none below)."""
    if not ratings:
        return [], None
    lowest = min(range(len(ratings)), key=lambda i: (ratings[i], i))
    if ratings[lowest] >= floor:
        return list(ratings), None
    raised = list(ratings)
    raised[lowest] = floor
    return raised, lowest


def performance(score: Decimal, ratings: Sequence[int | None], title: str) -> Performance:
    """Rp for a norm (1.4.6 to 1.4.9): unrated opponents as 1400 (1.4.6d), the lowest raised to
    the title's floor (1.4.6b-c), the average rounded .5 up (1.4.7), the score as a whole
    percentage .5 up and its dp from table 1.4.9 (B.02's 8.1.1, :mod:`pairing.engines.rating`),
    Rp = Ra + dp (1.4.8). Since Ra is rounded .5 up and dp is whole, Rp ≥ x exactly when the
    value before rounding is ≥ x - 0.5, as 1.4.8's table asks."""
    values: list[int | Fraction] = [r or UNRATED for r in ratings]
    return _performance(score, values, RULES[title].floor)


def _performance(score: Decimal, values: Sequence[int | Fraction], floor: int) -> Performance:
    raised, index = raise_lowest(values, floor)
    games = len(raised)
    total = sum(raised)
    average_exact = Fraction(total, games) if isinstance(total, int) else total / games
    average = round_half_up(average_exact)
    halves = int(score * 2)
    percentage = _round_ratio(halves * 100, 2 * games)
    dp = _DP[percentage]
    return Performance(
        games=games,
        score=score,
        average_exact=average_exact,
        average=average,
        raised=index,
        percentage=percentage,
        dp=dp,
        rating=average + dp,
        rating_exact=average_exact + dp,
    )


def _round_ratio(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (both ≥ 0) to the nearest whole number, .5 upward."""
    return (2 * numerator + denominator) // (2 * denominator)


#: dp by whole percentage, 0 to 100: table 1.4.9, read from B.02's 8.1.1 (rating.py).
_DP = tuple(rating_difference(Decimal(p) / 100) for p in range(101))


# --- the requirements on a set of games ---------------------------------------------------------


@dataclass(frozen=True)
class _Counted:
    """A counted game: the opponent (real, or assumed for a round to come) and the rating the
    norm uses; ``score`` None for a round still to come."""

    opponent: Opponent
    value: int | Fraction
    score: Decimal | None
    round: int


def _holders(rule: TitleRule, event: Event, games: Sequence[_Counted]) -> tuple[int, int]:
    """1.4.5b-e: how many opponents hold the title or above, and how many must: a third of the
    games and at least 3; in a double round robin, half of the players met (1.4.5f)."""
    if event.double_round_robin:
        met = {_key(g) for g in games}
        holding = {_key(g) for g in games if g.opponent.title in rule.qualifying}
        return len(holding), at_least(DOUBLE_ROUND_ROBIN_HOLDERS_SHARE, len(met))
    holding_games = sum(1 for g in games if g.opponent.title in rule.qualifying)
    return holding_games, max(HOLDERS_MINIMUM, at_least(HOLDERS_SHARE, len(games)))


def _key(game: _Counted) -> int | str:
    return game.opponent.key if game.opponent.key is not None else f"round {game.round}"


def exemption_for(player: Player, event: Event) -> str:
    """The 1.4.3 article that exempts this player's norm from the federation requirements, or
    "": the arbiter's a-c (a and b for the host federation's players only), else d when the
    field of a Swiss passes :func:`big_swiss`."""
    marked = event.exemption
    home = bool(player.federation) and player.federation == event.host_federation
    if marked is not Exemption.NONE and (home or not marked.host_players_only):
        return str(marked.value)
    if not event.round_robin and event.big_swiss is not None and event.big_swiss.holds:
        return BIG_SWISS
    return ""


def _mix(
    rule: TitleRule, player: Player, event: Event, games: Sequence[_Counted], exempt: str
) -> list[Requirement]:
    """The opponents' mix (1.4.3 to 1.4.5) over ``games``."""
    n = len(games)
    titled = sum(1 for g in games if g.opponent.title in TITLE_HOLDERS)
    holding, holders_needed = _holders(rule, event, games)
    own = player.federation if player.federation not in ("", FIDE_FLAG) else None
    federations = Counter(
        g.opponent.federation for g in games if g.opponent.federation not in ("", FIDE_FLAG)
    )
    foreign = len([f for f in federations if f != own])
    own_count = federations[own] if own else 0
    top, top_count = federations.most_common(1)[0] if federations else ("", 0)
    own_max = at_most(OWN_FEDERATION_SHARE, n)
    one_max = at_most(ONE_FEDERATION_SHARE, n)
    titled_min = at_least(TITLED_SHARE, n)
    return [
        Requirement("titled", "1.4.5a", titled, titled_min, titled >= titled_min),
        Requirement("holders", "1.4.5", holding, holders_needed, holding >= holders_needed),
        Requirement(
            "foreign_federations",
            "1.4.3",
            foreign,
            FOREIGN_FEDERATIONS,
            bool(exempt) or foreign >= FOREIGN_FEDERATIONS,
            exempt=exempt,
        ),
        Requirement(
            "own_federation",
            "1.4.4",
            own_count,
            own_max,
            bool(exempt) or own_count <= own_max,
            at_most=True,
            exempt=exempt,
        ),
        Requirement(
            "one_federation",
            "1.4.4",
            top_count,
            one_max,
            bool(exempt) or top_count <= one_max,
            at_most=True,
            exempt=exempt,
            note=top,
        ),
    ]


def _games_requirement(event: Event, n: int, eight: bool) -> Requirement:
    """1.4.1a: nine games; 1.4.1c: in a nine-round event eight, when the ninth round was a
    forfeit win or a pairing-allocated bye."""
    holds = n >= MIN_GAMES or (eight and n == MIN_GAMES - 1)
    note = "1.4.1c" if holds and n < MIN_GAMES else ""
    return Requirement("games", "1.4.1", n, MIN_GAMES, holds, note=note)


def _requirements(
    rule: TitleRule,
    player: Player,
    event: Event,
    games: Sequence[_Counted],
    score: Decimal,
    eight: bool,
    exempt: str,
) -> tuple[list[Requirement], Performance]:
    """Every requirement of ``rule`` over ``games`` (the player scoring ``score`` in them)."""
    found = _performance(score, [g.value for g in games], rule.floor)
    average_note = ""
    if found.raised is not None:
        average_note = str(round_half_up(Fraction(games[found.raised].value)))
    least = minimum_score(len(games))
    requirements = [
        _games_requirement(event, len(games), eight),
        Requirement(
            "average",
            "1.4.8a",
            found.average,
            rule.average,
            found.average >= rule.average,
            note=average_note,
        ),
        Requirement(
            "performance",
            "1.4.8",
            found.rating,
            rule.performance,
            found.rating >= rule.performance,
            note=str(_tenths(found.rating_exact)),
        ),
        Requirement("score", "1.4.8b", score, least, score >= least),
        *_mix(rule, player, event, games, exempt),
    ]
    return requirements, found


def _tenths(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.1"))


def required_score(rule: TitleRule, values: Sequence[int | Fraction]) -> Decimal | None:
    """The smallest score (in half points) with which ``values`` make a title result: Rp and
    35 % (1.4.8); None when not even every game won would."""
    n = len(values)
    for halves in range(0, 2 * n + 1):
        score = Decimal(halves) / 2
        if score < minimum_score(n):
            continue
        if _performance(score, values, rule.floor).rating >= rule.performance:
            return score
    return None


# --- the verdict --------------------------------------------------------------------------------


def evaluate(player: Player, event: Event, rounds: Sequence[RoundRecord]) -> dict[str, NormResult]:
    """Every title's verdict for ``player`` in ``event`` from their ``rounds``."""
    return {title: evaluate_title(title, player, event, rounds) for title in TITLES}


def evaluate_title(
    title: str, player: Player, event: Event, rounds: Sequence[RoundRecord]
) -> NormResult:
    """One title's verdict: held or not for the player, else reached (on every game, or in a
    Swiss on the games up to a round or without beaten opponents, 1.4.1e-f), reachable (the
    least score from the rounds to come that makes it), or out of reach."""
    rule = RULES[title]
    if player.title in rule.qualifying:
        return NormResult(title, Status.HELD)
    if rule.women and not player.woman:
        return NormResult(title, Status.NOT_ELIGIBLE)
    ordered = sorted(rounds, key=lambda r: r.round)
    lines = [_line(event, record) for record in ordered]
    counted = _counted(lines)
    exempt = exemption_for(player, event)
    pending = [line for line in lines if line.left is Left.PENDING]
    unknown = 0 if player.withdrawn else max(0, event.rounds - max(event.paired, _last(ordered)))
    finished = not pending and not unknown
    if counted and (finished or not event.round_robin):
        reached = _reached(rule, player, event, ordered, lines, counted, exempt)
        if reached is not None:
            return reached
    if not counted and not pending:
        return NormResult(title, Status.NOT_STARTED, lines=tuple(lines), remaining=unknown)
    score = _score(counted)
    eight = _eight_game_case(event, ordered)
    present, found = (
        _requirements(rule, player, event, counted, score, eight, exempt) if counted else ([], None)
    )
    result = NormResult(
        title,
        Status.OUT_OF_REACH,
        requirements=tuple(present),
        lines=tuple(_raised(lines, counted, found, rule)),
        performance=found,
        remaining=len(pending) + unknown,
        assumed=unknown,
        exemption=exempt,
    )
    if finished:
        return result
    needed = _needed(rule, player, event, counted, pending, unknown, eight, exempt)
    if needed is None:
        return result
    return replace(result, status=Status.REACHABLE, needed=needed)


def _last(rounds: Sequence[RoundRecord]) -> int:
    return max((r.round for r in rounds), default=0)


def _line(event: Event, record: RoundRecord) -> GameLine:
    """How the norm reads one round (1.4.2): a played game counts (an unrated opponent as 1400,
    left out in a round robin when they scored nothing against rated players, 1.4.2b); a
    forfeit never counts (1.4.2c), nor does a round without an opponent."""
    opponent = record.opponent
    if record.kind is Kind.PENDING and opponent is not None:
        return GameLine(record, opponent.rating or UNRATED, left=Left.PENDING)
    if record.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
        return GameLine(record, opponent.rating if opponent else None, left=Left.FORFEIT)
    if record.kind is not Kind.PLAYED or opponent is None or record.score is None:
        return GameLine(record, left=Left.BYE)
    if (
        event.round_robin
        and not opponent.rated
        and opponent.points_against_rated is not None
        and opponent.points_against_rated == 0
    ):
        return GameLine(record, UNRATED, left=Left.UNRATED_ZERO)
    return GameLine(record, opponent.rating or UNRATED)


def _counted(lines: Iterable[GameLine], left: Left | None = None) -> list[_Counted]:
    """The games of the lines left out for ``left`` (None: the counted ones)."""
    found = []
    for line in lines:
        opponent, rating = line.record.opponent, line.rating
        if line.left is left and opponent is not None and rating is not None:
            found.append(_Counted(opponent, rating, line.record.score, line.record.round))
    return found


def _score(games: Iterable[_Counted]) -> Decimal:
    return sum((g.score for g in games if g.score is not None), Decimal(0))


def _eight_game_case(event: Event, rounds: Sequence[RoundRecord]) -> bool:
    """1.4.1c: a nine-round event in which the one round without a counted game was a forfeit
    win or a pairing-allocated bye."""
    if event.rounds != NINE_ROUNDS:
        return False
    gaps = [r for r in rounds if r.kind is not Kind.PLAYED]
    return len(gaps) == 1 and gaps[0].kind in (Kind.FORFEIT_WIN, Kind.PAIRING_BYE)


def _raised(
    lines: Sequence[GameLine],
    counted: Sequence[_Counted],
    found: Performance | None,
    rule: TitleRule,
) -> Iterator[GameLine]:
    """The lines with the raised opponent's rating after 1.4.6 filled in."""
    raised_round = (
        counted[found.raised].round if found is not None and found.raised is not None else None
    )
    for line in lines:
        if raised_round is not None and line.left is None and line.record.round == raised_round:
            yield replace(line, raised=rule.floor)
        else:
            yield line


def _candidates(
    rule: TitleRule, event: Event, counted: Sequence[_Counted]
) -> Iterator[tuple[list[_Counted], dict[int, Left]]]:
    """The sets of games a norm may stand on, the whole set first. A round robin uses every
    round (1.4.1e). A Swiss may also use the games up to a round, ignoring later ones (1.4.1e),
    and leave out games against opponents the player beat (1.4.1f), while nine games remain:
    the longest runs first, then the fewest left out. Sets that cannot make a title result
    (:func:`_may_pass`) are not offered."""
    yield list(counted), {}
    if event.round_robin:
        return
    for end in range(len(counted), MIN_GAMES - 1, -1):
        prefix = list(counted[:end])
        after = {g.round: Left.AFTER_NORM for g in counted[end:]}
        if end < len(counted):
            yield prefix, after
        beaten = [i for i, g in enumerate(prefix) if g.score == 1]
        for size in range(1, min(len(beaten), end - MIN_GAMES) + 1):
            if not _may_pass(rule, prefix, beaten, size):
                continue
            for dropped in combinations(beaten, size):
                kept = [g for i, g in enumerate(prefix) if i not in dropped]
                left = {**after, **{prefix[i].round: Left.BEATEN for i in dropped}}
                yield kept, left


def _may_pass(rule: TitleRule, games: Sequence[_Counted], beaten: Sequence[int], size: int) -> bool:
    """Whether leaving out ``size`` of the ``beaten`` games could give a title result at all:
    the score is then the same whichever are left out (``size`` wins fewer), and no average can
    beat the one without the ``size`` lowest beaten opponents, with the lowest rating of all
    raised to the floor. A bound: when it fails, no such set need be tried."""
    kept = len(games) - size
    score = _score(games) - size
    if score < minimum_score(kept):
        return False
    lowest_beaten = sorted(games[i].value for i in beaten)[:size]
    total = sum(g.value for g in games) - sum(lowest_beaten)
    lowest = min(g.value for g in games)
    best = round_half_up(Fraction(total + max(0, rule.floor - lowest)) / kept)
    dp = _DP[_round_ratio(int(score * 2) * 100, 2 * kept)]
    return best >= rule.average and best + dp >= rule.performance


def _reached(
    rule: TitleRule,
    player: Player,
    event: Event,
    rounds: Sequence[RoundRecord],
    lines: Sequence[GameLine],
    counted: Sequence[_Counted],
    exempt: str,
) -> NormResult | None:
    """The first set of games (:func:`_candidates`) on which every requirement holds, as a
    reached norm; None when none does."""
    eight = _eight_game_case(event, rounds)
    for games, left in _candidates(rule, event, counted):
        score = _score(games)
        if not _title_result(rule, games, score):
            continue
        requirements, found = _requirements(rule, player, event, games, score, eight, exempt)
        if not all(r.holds for r in requirements):
            continue
        values = [g.value for g in games]
        required = required_score(rule, values)
        extra = int(score - required) if required is not None else 0
        norm_games = (MIN_GAMES if len(games) < MIN_GAMES else len(games)) + extra
        if event.rounds > MAX_NORM_GAMES:
            norm_games = min(norm_games, MAX_NORM_GAMES)
        marked = [replace(line, left=left[line.record.round]) if line.left is None
                  and line.record.round in left else line for line in lines]  # fmt: skip
        return NormResult(
            rule.title,
            Status.REACHED,
            requirements=tuple(requirements),
            lines=tuple(_raised(marked, games, found, rule)),
            performance=found,
            required=required,
            norm_games=norm_games,
            through_round=games[-1].round,
            exemption=exempt,
        )
    return None


def _title_result(rule: TitleRule, games: Sequence[_Counted], score: Decimal) -> bool:
    """A title result on ``games`` (1.4.8, with 1.4.6-1.4.7): the cheap part of the check,
    made before the opponents' mix."""
    if len(games) < MIN_GAMES - 1 or score < minimum_score(len(games)):
        return False
    found = _performance(score, [g.value for g in games], rule.floor)
    return found.average >= rule.average and found.rating >= rule.performance


def _needed(
    rule: TitleRule,
    player: Player,
    event: Event,
    counted: Sequence[_Counted],
    pending: Sequence[GameLine],
    unknown: int,
    eight: bool,
    exempt: str,
) -> Decimal | None:
    """The least score from the rounds to come that makes the norm, or None. The opponents
    already paired or scheduled are known; each round not paired yet is taken as an opponent
    rated the present average (after the floor), a GM of a federation of their own: the best
    case for the mix, so that a norm is called out of reach only when it is."""
    known = _counted(pending, Left.PENDING)
    so_far = list(counted) + known
    if not so_far:
        return None
    present = _performance(Decimal(0), [g.value for g in so_far], rule.floor).average_exact
    assumed = [
        _Counted(Opponent(None, title=GM, federation=f"#{i}"), present, None, 1000 + i)
        for i in range(unknown)
    ]
    games = so_far + assumed
    remaining = len(known) + unknown
    score = _score(counted)
    for halves in range(0, 2 * remaining + 1):
        extra = Decimal(halves) / 2
        requirements, _found = _requirements(
            rule, player, event, games, score + extra, eight, exempt
        )
        if all(r.holds for r in requirements):
            return extra
        if not all(r.holds for r in requirements if r.code not in _SCORE_CODES):
            return None  # the mix or the average fails whatever the score
    return None


#: The requirements a higher score can still make hold.
_SCORE_CODES = frozenset({"performance", "score"})


__all__ = [
    "BIG_SWISS",
    "GM",
    "IM",
    "RULES",
    "TITLES",
    "WGM",
    "WIM",
    "BigSwiss",
    "Event",
    "Exemption",
    "FieldPlayer",
    "GameLine",
    "Kind",
    "Left",
    "NormResult",
    "Opponent",
    "Performance",
    "Player",
    "Requirement",
    "RoundRecord",
    "Status",
    "TitleRule",
    "at_least",
    "at_most",
    "big_swiss",
    "evaluate",
    "evaluate_title",
    "exemption_for",
    "minimum_score",
    "performance",
    "raise_lowest",
    "required_score",
    "round_half_up",
]

"""Tournament state for the Dutch engine: the history before the round to be paired.

Derived from a parsed TRF exactly as the FIDE-endorsed engines read it (C.04.2 art. 3):
forfeits are not played games, unplayed rounds do not count for colours, players with an entry in
the round to be paired (``0000 - H/Z/F``) are absent, and players not paired in any round so far
and absent now take no pairing number.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pairing.engines.trf import Scoring, TrfError, TrfPlayer, TrfTournament

WHITE, BLACK, NONE = 0, 1, 2
LOSS, DRAW, WIN = 0, 1, 2


def invert(colour: int) -> int:
    return colour ^ 1 if colour != NONE else NONE


@dataclass(frozen=True)
class RoundResult:
    """One round of a player. ``opponent`` is the player's own index when there was none."""

    opponent: int
    colour: int
    score: int  # LOSS / DRAW / WIN
    played: bool
    participated: bool  # paired, or given the pairing-allocated bye
    code: str = " "


@dataclass(frozen=True)
class Player:
    index: int  # 0-based starting number
    rank: int  # effective pairing number (0-based) among valid players
    rating: int
    score: int  # tenths, without acceleration
    results: tuple[RoundResult, ...]
    accelerations: tuple[int, ...]
    valid: bool
    colour_imbalance: int
    colour_preference: int
    repeated_colour: int  # colour of the last two played games when they are equal
    strong: bool
    played_games: int

    @property
    def absolute_imbalance(self) -> bool:
        return self.colour_imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.colour_imbalance > 1 or self.repeated_colour != NONE


@dataclass(frozen=True)
class State:
    players: tuple[Player, ...]
    played_rounds: int
    expected_rounds: int
    scoring: Scoring
    initial_colour: int
    forbidden: frozenset[tuple[int, int]]
    start_date: str = ""
    system: str = ""

    def points(self, player: Player, match: RoundResult) -> int:
        """Points of one round (C.04.2: unplayed rounds score as the rules say)."""
        s = self.scoring
        if match.score == LOSS:
            if match.participated:
                return s.loss if match.played else s.forfeit_loss
            return s.zero_bye
        if match.score == WIN:
            if match.opponent == player.index and match.participated:
                return s.pab
            return s.win
        return s.draw

    def score_acc(self, player: Player, rounds_back: int = 0) -> int:
        """Pairing score (with acceleration, C.04.7) ``rounds_back`` rounds before this one."""
        score = player.score
        r = self.played_rounds
        for _ in range(rounds_back):
            r -= 1
            score -= self.points(player, player.results[r])
        acc = player.accelerations[r] if r < len(player.accelerations) else 0
        return score + acc

    def to_pair(self) -> list[Player]:
        """Players present in the round to be paired."""
        return [p for p in self.players if p.valid and len(p.results) <= self.played_rounds]


#: What a result code scores for pairing; an unknown result (``?``, an adjourned game) counts as
#: a draw (FIDE's checklist Q157, Q167: no provisional score other than a draw).
_SCORE = {"1": WIN, "+": WIN, "W": WIN, "F": WIN, "U": WIN}
_SCORE |= {"=": DRAW, "D": DRAW, "H": DRAW, "?": DRAW}
_COLOUR = {"w": WHITE, "b": BLACK}


def build_state(t: TrfTournament, *, baku: bool | None = None) -> State:
    """Derive the pairing state from a TRF describing the tournament before the next round.

    ``baku``: apply the Baku acceleration (C.04.7); None reads it from ``192 …_BAKU`` unless the
    file gives its accelerations itself (``XXA``/``250``)."""
    _check_starting_numbers(t)
    idx = {p.number: i for i, p in enumerate(t.players)}
    history, played_rounds = _history(t, idx)
    expected = _rounds_left_to_pair(t, played_rounds)
    _add_requested_byes(t, idx, history, played_rounds)
    _check_both_sides(t, history)
    if baku is None:
        baku = t.system.upper().endswith("_BAKU") and not t.accelerations_specified
    accelerations = dict(t.accelerations)
    if baku:
        accelerations.update(_baku_accelerations(t, played_rounds))
    valid = [len(ms) <= played_rounds or any(m.participated for m in ms) for ms in history]
    ranks = _pairing_numbers(valid)
    stub = State((), played_rounds, expected, t.scoring, NONE, frozenset())
    players = [
        _player(stub, i, p, history[i], valid[i], ranks.get(i, -1), accelerations)
        for i, p in enumerate(t.players)
    ]
    initial = _COLOUR.get(t.initial_colour, NONE)
    if initial == NONE:
        initial = _infer_initial(players)
    return State(
        tuple(players),
        played_rounds,
        expected,
        t.scoring,
        initial,
        _forbidden_pairs(t, idx, played_rounds),
        t.start_date,
        t.system,
    )


def _check_starting_numbers(t: TrfTournament) -> None:
    """TRF-16 record 001: the starting numbers are 1 to N, none missing (unless ``XXC rank``
    pairs by the rank column)."""
    n = len(t.players)
    numbers = [p.number for p in t.players]
    if not t.use_rank and numbers != list(range(1, n + 1)):
        missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
        raise TrfError(0, 0, f"starting number {missing[0] if missing else n} is missing")


def _absent(i: int) -> RoundResult:
    """A round without a game, a bye or an entry: the player was absent."""
    return RoundResult(i, NONE, LOSS, False, False)


def _history(t: TrfTournament, idx: dict[int, int]) -> tuple[list[list[RoundResult]], int]:
    """Every player's rounds, and how many rounds are paired: the last round anybody was paired
    in (or the round to pair, when everybody already has an entry in it, as in ``0000 - H``).
    Every player gets a round for each paired one; a blank round is an absence."""
    history: list[list[RoundResult]] = []
    played_rounds = 0
    for i, p in enumerate(t.players):
        matches, paired = _rounds_of(i, p, idx)
        history.append(matches)
        played_rounds = max(played_rounds, paired)
    if all(len(ms) > played_rounds for ms in history):
        played_rounds += 1
    for i, ms in enumerate(history):
        ms.extend(_absent(i) for _ in range(played_rounds - len(ms)))
    return history, played_rounds


def _rounds_of(i: int, p: TrfPlayer, idx: dict[int, int]) -> tuple[list[RoundResult], int]:
    """TRF-16 record 001: player ``i``'s round blocks as matches (C.04.2 art. 3: a forfeit is
    no game played; only the PAB, ``U`` or ``+`` alone, counts as paired without an opponent),
    with the number of rounds they show paired: up to the one before the last entry, or the
    last entry itself when the player was paired in it."""
    matches: list[RoundResult] = []
    paired = skipped = 0
    for res in p.results:
        if res.is_blank:
            skipped += 1
            continue
        matches.extend(_absent(i) for _ in range(skipped))
        skipped = 0
        paired = max(paired, len(matches))
        opp = i if res.opponent is None else idx[res.opponent]
        colour = _COLOUR.get(res.colour, NONE)
        code = res.code
        played = opp != i and colour != NONE and code not in "+-HFUZ "
        participated = opp != i or code in "U+"
        matches.append(RoundResult(opp, colour, _SCORE.get(code, LOSS), played, participated, code))
        if participated:
            paired = max(paired, len(matches))
    return matches, paired


def _rounds_left_to_pair(t: TrfTournament, played_rounds: int) -> int:
    """``XXR`` or TRF-2026 record 142: the number of rounds, of which one is left to pair."""
    expected = t.rounds
    if not expected:
        raise TrfError(0, 0, "the number of rounds (XXR or 142) must be given")
    if played_rounds > expected - 1:
        raise TrfError(
            0,
            0,
            f"{played_rounds} rounds are played and the tournament has {expected}: "
            "there is no round left to pair",
        )
    return expected


def _add_requested_byes(
    t: TrfTournament, idx: dict[int, int], history: list[list[RoundResult]], played_rounds: int
) -> None:
    """TRF-2026 record 240: a player who asked for a bye in the round to pair is absent from
    it, as with ``0000 - H/Z/F`` written in that round (an entry already written stays)."""
    for kind, rnd, bye_ids in t.byes:
        if rnd - 1 != played_rounds:
            continue
        for num in bye_ids:
            if num not in idx:
                raise TrfError(0, 0, f"bye for unknown player {num}")
            ms = history[idx[num]]
            if len(ms) <= played_rounds:
                ms.append(RoundResult(idx[num], NONE, _SCORE.get(kind, LOSS), False, False, kind))


def _check_both_sides(t: TrfTournament, history: list[list[RoundResult]]) -> None:
    """TRF-16 record 001: both players of a game name each other in that round, and a game
    played over the board gives them different colours."""
    for i, ms in enumerate(history):
        for r, m in enumerate(ms):
            if m.opponent == i:
                continue
            theirs = history[m.opponent]
            om = theirs[r] if r < len(theirs) else None
            if om is None or om.opponent != i:
                raise TrfError(
                    t.players[i].line,
                    92 + 10 * r,
                    f"round {r + 1}: player {t.players[i].number} meets "
                    f"{t.players[m.opponent].number}, whose entry says otherwise "
                    "(player paired twice?)",
                )
            if m.played and (not om.played or om.colour == m.colour):
                raise TrfError(
                    t.players[i].line, 92 + 10 * r + 5, f"round {r + 1}: colours contradict"
                )


def _baku_accelerations(t: TrfTournament, played_rounds: int) -> dict[int, tuple[int, ...]]:
    """C.04.7 Baku acceleration: group GA, "the first half of the players, rounded up to the
    nearest even number" (2·⌈N/4⌉ by pairing number; bbpPairings' own Baku takes ⌈N/2⌉, see
    docs/dutch-engine.md), get a win's points in the first half (rounded up) of the accelerated
    rounds and a draw's in the rest; the accelerated rounds are the first half (rounded up) of
    the tournament."""
    scoring = t.scoring
    if scoring.loss or 2 * scoring.draw != scoring.win:
        raise TrfError(0, 0, "Baku acceleration needs win = 2 draws and loss = 0")
    n = len(t.players)
    group_a = 2 * -(-n // 4)
    last_round = (t.rounds - 1) // 2
    last_full = last_round // 2
    added = tuple(
        scoring.win if r <= last_full else scoring.draw
        for r in range(min(last_round, played_rounds) + 1)
    )
    return {p.number: added for p in t.players[:group_a]}


def _pairing_numbers(valid: list[bool]) -> dict[int, int]:
    """Effective pairing numbers (0-based), in starting-number order: only the players paired
    at least once or present now take one."""
    ranks: dict[int, int] = {}
    for i, is_valid in enumerate(valid):
        if is_valid:
            ranks[i] = len(ranks)
    return ranks


def _forbidden_pairs(
    t: TrfTournament, idx: dict[int, int], played_rounds: int
) -> frozenset[tuple[int, int]]:
    """[C1]: the pairs ``XXP``/``260`` forbid in the round to pair, both ways round."""
    forbidden: set[tuple[int, int]] = set()
    for f in t.forbidden:
        if f.first - 1 <= played_rounds <= f.last - 1:
            ids = [idx[x] for x in f.players if x in idx]
            forbidden.update((a, b) for a in ids for b in ids if a != b)
    return frozenset(forbidden)


def _player(
    stub: State,
    i: int,
    p: TrfPlayer,
    matches: list[RoundResult],
    valid: bool,
    rank: int,
    accelerations: dict[int, tuple[int, ...]],
) -> Player:
    """Player ``i`` as the pairing sees them: colour preference (C.04.3 art. 1), acceleration
    and the score of the rounds paired, checked against the points the file writes."""
    colours = _Colours.of(matches)
    player = Player(
        index=i,
        rank=rank,
        rating=p.rating,
        score=0,
        results=tuple(matches),
        accelerations=tuple(accelerations.get(p.number, ())),
        valid=valid,
        colour_imbalance=colours.imbalance,
        colour_preference=colours.preference,
        repeated_colour=colours.repeated,
        strong=not colours.absolute and colours.imbalance > 0,
        played_games=colours.white + colours.black,
    )
    score = sum(stub.points(player, m) for m in matches[: stub.played_rounds])
    if valid:
        _check_points(stub, p, player, score)
    return replace(player, score=score)


@dataclass(frozen=True)
class _Colours:
    """The colours of a player's games played over the board (C.04.3 art. 1)."""

    white: int
    black: int
    last: int  # colour of the last game played, NONE before any
    streak: int  # games in a row played with it, up to the last

    @classmethod
    def of(cls, matches: list[RoundResult]) -> _Colours:
        white = black = streak = 0
        last = NONE
        for m in matches:
            if not m.played:
                continue
            if m.colour == WHITE:
                white += 1
            else:
                black += 1
            streak = streak + 1 if streak and m.colour == last else 1
            last = m.colour
        return cls(white, black, last, streak)

    @property
    def imbalance(self) -> int:
        """The colour difference, without its sign."""
        return abs(self.white - self.black)

    @property
    def repeated(self) -> int:
        """The colour of the last two games played when they had the same one, else NONE."""
        return self.last if self.streak > 1 else NONE

    @property
    def absolute(self) -> bool:
        """An absolute colour preference: a difference over 1, or the same colour twice."""
        return self.imbalance > 1 or self.repeated != NONE

    @property
    def preference(self) -> int:
        """The colour preferred: the one played less when the difference is over 1, else the
        other of a colour played twice in a row, else the one played less, else the other of
        the last one; NONE before any game."""
        lower = BLACK if self.white > self.black else WHITE
        if self.imbalance > 1:
            return lower
        if self.streak > 1:
            return invert(self.last)
        if self.imbalance > 0:
            return lower
        if self.streak:
            return invert(self.last)
        return NONE


def _check_points(stub: State, p: TrfPlayer, player: Player, score: int) -> None:
    """TRF-16 record 001 columns 81-84: the points written are the score of the rounds paired,
    with or without the acceleration and the entry (a pre-announced bye) of the round to pair."""
    played = stub.played_rounds
    acc = player.accelerations
    acc_now = acc[played] if played < len(acc) else 0
    ms = player.results
    nxt = stub.points(player, ms[played]) if len(ms) > played else 0
    if p.points not in (score, score + acc_now, score + nxt, score + nxt + acc_now):
        raise TrfError(
            p.line,
            81,
            f"points {p.points / 10:.1f} of player {p.number} do not match the results "
            f"({score / 10:.1f})",
        )


def _infer_initial(players: list[Player]) -> int:
    """The first round's colour of the top player, as the endorsed engines infer it."""
    min_round = None
    for p in players:
        if p.valid:
            for r, m in enumerate(p.results):
                if m.colour != NONE and (min_round is None or r < min_round):
                    min_round = r
    if min_round is None:
        return WHITE
    epn = 0
    for p in players:
        if any(m.participated for m in p.results[: min_round + 1]):
            c = p.results[min_round].colour
            return invert(c) if epn & 1 else c
    return WHITE

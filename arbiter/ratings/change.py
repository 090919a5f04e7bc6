"""Each player's rating change from a tournament's games as stored (FIDE Rating Regulations B.02
8.3, in force 1 March 2024, 8.3.1 as amended 1 October 2025; the initial rating of an unrated
player, B.02 7.1): the pure engine (pairing/engines/rating.py) fed with the app's rows, and what
the public pages show of it (docs/ratings.md, "Rating change").

What counts (:func:`line_of`): a game of a published (or complete) round played over the board
and scored 1-0, ½-½ or 0-1. Not counted: a forfeit (+ -, and a double forfeit), an arbiter's
½-0, 0-½ or 0-0 (not a result both sides share: docs/ratings.md says why), a game still on, an
adjourned game until its result is in, and, for a rated player, a game against an unrated
opponent (8.3.1 "against a rated player"). Byes are no games. For an unrated player the games
against rated opponents make the initial rating (two fictitious 1800 draws, 2200 cap, 1400
floor), published with at least 5 of them and a score above zero.

K (8.3.3, :func:`rated_player`): the entry's ``k_factor`` when the rating list gave it (or the
arbiter set it); else from the rules: 40 until the end of the year of the 18th birthday (birth
year against the tournament's year: its end date's, else its start date's, else this year's)
while rated under 2300, 10 from a rating of 2400, else 20. The games a player completed before
are not known here: a rated player without a K is taken as having completed 30 or more (not
"new"): the list's K says otherwise when it is 40 for that reason. K x n ≤ 700 either way.

Only for the systems FIDE rates (the registry's ``fide_rated``). The whole tournament in two
queries (entries, games), kept once per tournament version for every public page
(:func:`public_changes`, arbiter/core/public_cache.py).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from arbiter.core.models import Entry, Game, Tournament
from arbiter.core.public_cache import shared, stamp
from arbiter.core.standings import COUNTED_STATES
from pairing.engines import rating as engine
from pairing.engines import results

#: The results a game is rated with: one side's win, the other's loss, or a draw (8.3.2).
RATED_RESULTS = frozenset(
    r.code for r in (results.WHITE_WINS, results.DRAW_GAME, results.BLACK_WINS)
)

#: Why a game does not count ("" when it does), as :attr:`GameLine.skipped` holds it.
COUNTED = ""
FORFEIT = "forfeit"
UNUSUAL = "unusual"
ON = "on"
ADJOURNED = "adjourned"
UNRATED_OPPONENT = "unrated opponent"

SKIPPED_TEXT = {
    FORFEIT: _("forfeit: not rated"),
    UNUSUAL: _("the arbiter's score (½-0, 0-½, 0-0): not rated"),
    ON: _("no result yet"),
    ADJOURNED: _("adjourned: counted once its result is in"),
    UNRATED_OPPONENT: _("unrated opponent: not rated"),
}

#: Why a K-factor applies, in the reader's language.
K_REASON_TEXT = {
    engine.KReason.NEW: _("fewer than 30 games completed"),
    engine.KReason.JUNIOR: _("until the end of the year of the 18th birthday, rated under 2300"),
    engine.KReason.UNDER_2400: _("rated under 2400"),
    engine.KReason.REACHED_2400: _("rated 2400 or more"),
    engine.KReason.GIVEN: _("as the rating list gives it"),
}

#: Why an initial rating is published or not (:attr:`PlayerChange.initial_notes`).
PUBLISHED = "published"
FEW_GAMES = "few games"
NO_SCORE = "no score"
BELOW_FLOOR = "below floor"
NO_RATED_GAME = "no rated game"


@dataclass(frozen=True)
class GameLine:
    """One game of a player in a published round: the opponent (entry id) and their rating
    (None: unrated), the player's score (None while there is no result), why it does not count
    (:data:`COUNTED` when it does) and, for a rated player's counted game, the expected score
    PD (8.1.2 with the 400-point rule) and K x (score - PD), not rounded."""

    round: int
    opponent: int
    opponent_rating: int | None
    score: Decimal | None
    skipped: str = COUNTED
    expected: Decimal | None = None
    change: Decimal | None = None

    @property
    def counted(self) -> bool:
        return self.skipped == COUNTED

    @property
    def skipped_text(self) -> str:
        return str(SKIPPED_TEXT[self.skipped]) if self.skipped else ""

    @property
    def expected_text(self) -> str:
        return f"{self.expected:.2f}" if self.expected is not None else ""

    @property
    def change_text(self) -> str:
        return signed(self.change) if self.change is not None else ""


@dataclass(frozen=True)
class PlayerChange:
    """A player's rating change from the tournament: every game of the published rounds
    (:class:`GameLine`, in round order), and for a rated player K, why, whether K x n ≤ 700
    lowered it, the score and expected score over the games counted and the change (8.3.4:
    the sum rounded once); for an unrated player the initial rating from this event (None
    without a game against a rated opponent) and why it is published or not."""

    entry_id: int
    rating: int | None
    games: tuple[GameLine, ...]
    score: Decimal
    k: int | None = None
    reason: engine.KReason | None = None
    capped: bool = False
    expected: Decimal | None = None
    change: int | None = None
    initial: engine.InitialRating | None = None
    initial_notes: tuple[str, ...] = ()

    @property
    def rated(self) -> bool:
        return self.rating is not None

    @property
    def counted(self) -> int:
        return sum(1 for game in self.games if game.counted)

    @property
    def new_rating(self) -> int | None:
        """The rating after this event alone (a rated player), None for an unrated one."""
        return None if self.rating is None or self.change is None else self.rating + self.change

    @property
    def below_floor(self) -> bool:
        """The new rating is under 1400: FIDE's next list shows the player unrated."""
        return self.new_rating is not None and self.new_rating < engine.RATING_FLOOR

    @property
    def waiting(self) -> int:
        """The games adjourned or still on: the change may move once their results are in."""
        return sum(1 for game in self.games if game.skipped in (ON, ADJOURNED))

    @property
    def change_text(self) -> str:
        return signed(self.change) if self.change is not None else ""

    @property
    def expected_text(self) -> str:
        return f"{self.expected:.2f}" if self.expected is not None else ""

    @property
    def reason_text(self) -> str:
        return str(K_REASON_TEXT[self.reason]) if self.reason is not None else ""

    @property
    def initial_published(self) -> bool:
        return self.initial is not None and self.initial.published

    @property
    def initial_text(self) -> str:
        """Why the initial rating is published or not: "published: 5 rated opponents, score
        above zero", "not published: 3 rated opponents (5 needed)"."""
        if self.rated:
            return ""
        games = self.counted
        if PUBLISHED in self.initial_notes:
            text = ngettext(
                "published: %(games)s rated opponent, score above zero",
                "published: %(games)s rated opponents, score above zero",
                games,
            ) % {"games": games}
        else:
            why = []
            for note in self.initial_notes:
                if note == NO_RATED_GAME:
                    why.append(gettext("no game against a rated opponent"))
                elif note == FEW_GAMES:
                    why.append(
                        ngettext(
                            "%(games)s rated opponent (%(needed)s needed)",
                            "%(games)s rated opponents (%(needed)s needed)",
                            games,
                        )
                        % {"games": games, "needed": engine.INITIAL_MIN_GAMES}
                    )
                elif note == NO_SCORE:
                    why.append(gettext("no point against rated opponents"))
                elif note == BELOW_FLOOR:
                    why.append(
                        gettext("under the floor of %(floor)s") % {"floor": engine.RATING_FLOOR}
                    )
            text = gettext("not published: %(why)s") % {"why": ", ".join(why)}
        if self.initial is not None and self.initial.rating == engine.INITIAL_MAXIMUM:
            text += ", " + gettext("at most %(cap)s") % {"cap": engine.INITIAL_MAXIMUM}
        return text


@dataclass(frozen=True)
class RatingChanges:
    """Every entry's :class:`PlayerChange` by entry id, the year the junior K is read against,
    and the adjourned games still without a result (round, White's and Black's entry ids)."""

    players: dict[int, PlayerChange]
    year: int
    adjourned: tuple[tuple[int, int, int], ...] = ()

    def of(self, entry_id: int) -> PlayerChange | None:
        return self.players.get(entry_id)


def signed(value: Decimal | int) -> str:
    """+8, -3, 0; +1.4, -0.35 (as few decimals as the value needs)."""
    value = Decimal(value)
    text = format(value.normalize(), "f") if value != value.to_integral_value() else str(int(value))
    return f"+{text}" if value > 0 else text


def rated_system(tournament: Tournament) -> bool:
    """FIDE rates the tournament's system (a Swiss, a round robin)."""
    return tournament.pairing_system.fide_rated


def tournament_year(tournament: Tournament) -> int:
    """The year the junior K is read in: the tournament's end date's, else its start date's,
    else this year's (FIDE rates an event in the period it ends in)."""
    date = tournament.end_date or tournament.start_date or timezone.localdate()
    return date.year


def is_junior(birth_year: int | None, year: int) -> bool:
    """Up to the end of the year of the 18th birthday (8.3.3); unknown without a birth year."""
    return birth_year is not None and year <= birth_year + 18


def rated_player(rating: int, k_factor: int | None, birth_year: int | None, year: int):
    """The engine's rated player: the list's K when given; else 30 games completed taken (not
    known here: docs/ratings.md), junior from the birth year, 2400 reached when rated 2400."""
    return engine.RatedPlayer(
        rating=rating,
        games_completed=30,
        junior=is_junior(birth_year, year),
        reached_2400=rating >= 2400,
        k=k_factor,
    )


def line_of(
    number: int,
    opponent: int,
    opponent_rating: int | None,
    code: str,
    adjourned: bool,
    colour: str,
) -> GameLine:
    """One side's game as the rating reads it (which results count: the module's docstring)."""
    outcome = results.from_code(code)
    if adjourned:
        return GameLine(number, opponent, opponent_rating, None, ADJOURNED)
    if outcome is None:
        return GameLine(number, opponent, opponent_rating, None, ON)
    score = results.CHESS.of(outcome.outcome(colour))
    if outcome.code not in RATED_RESULTS:
        skipped = FORFEIT if outcome.is_forfeit else UNUSUAL
        return GameLine(number, opponent, opponent_rating, score, skipped)
    if opponent_rating is None:
        return GameLine(number, opponent, opponent_rating, score, UNRATED_OPPONENT)
    return GameLine(number, opponent, opponent_rating, score)


def player_change(
    entry_id: int,
    rating: int | None,
    k_factor: int | None,
    birth_year: int | None,
    year: int,
    lines: list[GameLine],
) -> PlayerChange:
    """One player's change from their game lines (:func:`line_of`)."""
    counted = [line for line in lines if line.counted]
    games = tuple(engine.Game(line.opponent_rating, line.score) for line in counted)
    score = sum((line.score for line in counted), Decimal(0))
    if rating is None:
        initial = engine.initial_rating(games)
        return PlayerChange(
            entry_id,
            None,
            tuple(lines),
            score,
            initial=initial,
            initial_notes=_initial_notes(initial, len(counted), score),
        )
    player = rated_player(rating, k_factor, birth_year, year)
    change = engine.rating_change(player, games)
    k = change.k
    shown = []
    for line in lines:
        if line.counted:
            pd = engine.expected_score(rating, line.opponent_rating)
            line = GameLine(
                line.round,
                line.opponent,
                line.opponent_rating,
                line.score,
                expected=pd,
                change=k * (line.score - pd),
            )
        shown.append(line)
    return PlayerChange(
        entry_id,
        rating,
        tuple(shown),
        score,
        k=k,
        reason=change.reason,
        capped=change.capped,
        expected=change.expected,
        change=change.change,
    )


def _initial_notes(
    initial: engine.InitialRating | None, games: int, score: Decimal
) -> tuple[str, ...]:
    if initial is None:
        return (NO_RATED_GAME,)
    if initial.published:
        return (PUBLISHED,)
    notes = []
    if games < engine.INITIAL_MIN_GAMES:
        notes.append(FEW_GAMES)
    if score <= 0:
        notes.append(NO_SCORE)
    if initial.rating < engine.RATING_FLOOR:
        notes.append(BELOW_FLOOR)
    return tuple(notes)


def rating_changes(tournament: Tournament) -> RatingChanges:
    """Every entry's rating change from the published rounds: two queries (entries, games)
    whatever the size of the field."""
    year = tournament_year(tournament)
    entries = list(
        Entry.objects.filter(tournament=tournament).values_list(
            "pk", "rating", "k_factor", "birth_year"
        )
    )
    ratings = {pk: rating or None for pk, rating, _, _ in entries}
    games = (
        Game.objects.filter(round__tournament=tournament, round__state__in=COUNTED_STATES)
        .order_by("round__number", "board")
        .values_list("round__number", "white_id", "black_id", "result", "adjourned")
    )
    lines: dict[int, list[GameLine]] = defaultdict(list)
    adjourned = []
    for number, white, black, code, waits in games:
        if waits:
            adjourned.append((number, white, black))
        for me, them, colour in ((white, black, "white"), (black, white, "black")):
            lines[me].append(line_of(number, them, ratings.get(them), code, waits, colour))
    players = {
        pk: player_change(pk, ratings[pk], k_factor, birth_year, year, lines.get(pk, []))
        for pk, _, k_factor, birth_year in entries
    }
    return RatingChanges(players, year, tuple(adjourned))


def public_changes(tournament: Tournament) -> RatingChanges | None:
    """:func:`rating_changes` once per tournament version, shared by every public page and
    download that shows them (arbiter/core/public_cache.py); None, without a query, for a system
    FIDE does not rate."""
    if not rated_system(tournament):
        return None
    key = f"rating-change:{tournament.pk}:{stamp(tournament)}"
    return shared(key, lambda: rating_changes(tournament))


__all__ = [
    "GameLine",
    "PlayerChange",
    "RatingChanges",
    "public_changes",
    "rating_changes",
    "signed",
]

"""Results the players give from their own cards (docs/venue.md, "Players' results").

A player says, from the card the arbiter printed for them, how their game of the current round
ended (won, draw, lost). The two players saying the same enters the result through the core's
results service (audited, versions and standings follow, as if an arbiter had entered it); two
different words wait for the arbiter, who has the last word: confirm one, enter another result,
or reject the claims. A result on the board, entered by an arbiter or confirmed, is never
overwritten by a player. Off unless the tournament's arbiter turns it on (``VenueSettings``).

One function per change: :func:`claim`, :func:`withdraw` for the player, :func:`decide` for the
arbiter. Every one locks the tournament, the round, then the game (the one lock order of every
change: arbiter/core/services/results.py), so two players confirming at the same moment see each
other's word.
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, IntegerField, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from arbiter.core import fide_mode
from arbiter.core.models import Entry, Game, Round, Tournament
from arbiter.core.services import results as result_service
from arbiter.core.services.audit import record
from arbiter.venue.models import ResultClaim, VenueSettings
from pairing.engines import results

#: What a player may say of their game, from their own side of the board. Forfeits and the
#: unusual scores are the arbiter's to enter.
WIN, DRAW, LOSS = "win", "draw", "loss"
SAYINGS = (WIN, DRAW, LOSS)
#: The arbiter's verdict that drops the claims of a board and enters nothing.
REJECT = "reject"

#: What a claim says happened.
PENDING = "pending"  # one player has spoken: waiting for the opponent or the arbiter
CONFLICT = "conflict"  # the two players say different things: the arbiter decides
ENTERED = "entered"  # the result is on the board
WITHDRAWN = "withdrawn"  # the player took their word back
REJECTED = "rejected"  # the arbiter dropped the claims


class ClaimError(Exception):
    """A claim or a decision refused; the message is for the person who made it. ``status`` is
    the HTTP status a plain page answers it with."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Outcome:
    """Where a board stands after a claim, a withdrawal or a decision. ``changed``: False when
    the request changed nothing (a double click, the same word again)."""

    state: str
    game: Game
    changed: bool = True


def players_results_on(tournament_id: int) -> bool:
    """The tournament lets its players give results (off by default)."""
    return VenueSettings.objects.filter(tournament_id=tournament_id, players_results=True).exists()


def code_for(game: Game, entry: Entry, saying: str) -> str:
    """The game's result code for what ``entry`` says of it from their side of the board."""
    if saying == DRAW:
        return results.DRAW_GAME.code
    white = game.white_id == entry.pk
    return results.WHITE_WINS.code if (saying == WIN) == white else results.BLACK_WINS.code


def saying_of(game: Game, entry_id: int, code: str) -> str:
    """What a result code says from ``entry_id``'s side: WIN, DRAW, LOSS ("" for another)."""
    outcome = results.from_code(code)
    if outcome is None or not outcome.played:
        return ""
    if outcome == results.DRAW_GAME:
        return DRAW
    colour = "white" if game.white_id == entry_id else "black"
    return WIN if outcome.winner == colour else LOSS


def state_of(game: Game, claims: list[ResultClaim]) -> str:
    """What a page shows of a board, as one string: the result on the board and each player's
    word. The arbiter's page posts it back (``seen``), so a board changed since is refused."""
    words = ",".join(f"{c.entry_id}={c.result}" for c in sorted(claims, key=lambda c: c.entry_id))
    return f"{game.entered};{words}"


@transaction.atomic
def claim(entry: Entry, game_id: int, saying: str, *, seen: str) -> Outcome:
    """``entry`` says ``saying`` (WIN, DRAW, LOSS) of their game ``game_id``. ``seen`` is the
    word of theirs the page showed ("" for none), so a word changed from another phone meanwhile
    is not replaced blindly; the same word again changes nothing. The opponent's same word
    enters the result."""
    _check_on(entry)
    if saying not in SAYINGS:
        raise ClaimError(_("Choose one of the buttons: won, draw or lost."), status=400)
    game = _players_game(entry, game_id)
    code = code_for(game, entry, saying)
    if game.result == code:
        return Outcome(ENTERED, game, changed=False)
    _check_open(game)
    claims = {c.entry_id: c for c in ResultClaim.objects.filter(game=game)}
    mine = claims.get(entry.pk)
    opponent = claims.get(_opponent_id(game, entry))
    if mine is not None and mine.result == code:
        return Outcome(_waiting(mine, opponent), game, changed=False)
    _check_own_word(game, entry, mine, seen)
    before = {"claim": mine.result} if mine is not None else None
    if mine is None:
        mine = ResultClaim.objects.create(game=game, entry=entry, result=code)
    else:
        mine.result = code
        mine.save(update_fields=["result", "at"])
    round_ = game.round
    record(
        None,
        round_.tournament,
        "claim.give",
        f"Round {round_.number}, board {game.board}: {entry.name} gives "
        f"{results.BY_CODE[code].label} from their card",
        before=before,
        after={"game": game.pk, "entry": entry.pk, "claim": code},
        moves_version=False,
    )
    if opponent is None or opponent.result != code:
        return Outcome(_waiting(mine, opponent), game)
    return _enter_agreed(game, code)


def _enter_agreed(game: Game, code: str) -> Outcome:
    """Both players said the same: the result goes on the board as an arbiter's would."""
    try:
        game = result_service.record_result(None, game, code, expected="")
    except (result_service.ResultError, fide_mode.RefusedInFideMode) as error:
        raise ClaimError(str(error)) from error
    except fide_mode.NeedsConfirmation as needs:  # never for a game that is not adjourned
        raise ClaimError(str(needs)) from needs
    ResultClaim.objects.filter(game=game).delete()
    round_ = game.round
    record(
        None,
        round_.tournament,
        "claim.agree",
        f"Round {round_.number}, board {game.board}: {game.white.name} and {game.black.name} "
        f"both gave {game.get_result_display()} from their cards: entered",
        after={"game": game.pk, "result": code},
        moves_version=False,
    )
    return Outcome(ENTERED, game)


@transaction.atomic
def withdraw(entry: Entry, game_id: int, *, seen: str) -> Outcome:
    """``entry`` takes back their word on game ``game_id`` before it is decided (nothing to take
    back: nothing changes)."""
    game = _players_game(entry, game_id)
    mine = ResultClaim.objects.filter(game=game, entry=entry).first()
    if mine is None:
        return Outcome(WITHDRAWN, game, changed=False)
    _check_open(game)
    _check_own_word(game, entry, mine, seen)
    mine.delete()
    round_ = game.round
    record(
        None,
        round_.tournament,
        "claim.withdraw",
        f"Round {round_.number}, board {game.board}: {entry.name} takes back "
        f"{results.BY_CODE[mine.result].label} from their card",
        before={"claim": mine.result},
        after={"game": game.pk, "entry": entry.pk, "claim": None},
        moves_version=False,
    )
    return Outcome(WITHDRAWN, game)


@transaction.atomic
def decide(user, game: Game, verdict: str, *, seen: str) -> Outcome:
    """The arbiter's last word on a board the players have spoken of: a result code (one of the
    claims, or another result) goes on the board and the claims are dropped; :data:`REJECT`
    drops the claims only. ``seen`` is the board's :func:`state_of` as the arbiter's page showed
    it: a board changed since is refused, a second click of the same verdict changes nothing."""
    if verdict != REJECT and verdict not in results.BY_CODE:
        raise ClaimError(_("Choose one of the buttons: confirm, another result, or reject."), 400)
    game = _lock(game.round_id, game.pk)
    claims = list(ResultClaim.objects.filter(game=game).select_related("entry"))
    if not claims and (verdict == REJECT or game.result == verdict):
        return Outcome(REJECTED if verdict == REJECT else ENTERED, game, changed=False)
    now = state_of(game, claims)
    if seen != now:
        raise ClaimError(
            _(
                "Board %(board)s changed under you: it now says %(result)s, %(claims)s. Check it "
                "and decide again."
            )
            % {"board": game.board, "result": _on_board(game), "claims": _claims_text(claims)}
        )
    words = {c.entry.name: c.result for c in claims}
    round_ = game.round
    if verdict == REJECT:
        ResultClaim.objects.filter(game=game).delete()
        record(
            user,
            round_.tournament,
            "claim.reject",
            f"Round {round_.number}, board {game.board}: the players' claims rejected "
            f"({_claims_text(claims)})",
            before={"claims": words},
            after={"game": game.pk, "claims": None},
            moves_version=False,
        )
        return Outcome(REJECTED, game)
    try:
        game = result_service.record_result(user, game, verdict, expected=game.entered)
    except (result_service.ResultError, fide_mode.RefusedInFideMode) as error:
        raise ClaimError(str(error)) from error
    except fide_mode.NeedsConfirmation as needs:
        raise ClaimError(
            str(needs) + " " + _("Enter it with the board's result buttons to confirm it.")
        ) from needs
    ResultClaim.objects.filter(game=game).delete()
    record(
        user,
        round_.tournament,
        "claim.decide",
        f"Round {round_.number}, board {game.board}: {game.get_result_display()} entered by the "
        f"arbiter over the players' claims ({_claims_text(claims)})",
        before={"claims": words},
        after={"game": game.pk, "result": verdict},
        moves_version=False,
    )
    return Outcome(ENTERED, game)


# --- what the pages read ------------------------------------------------------------------------


@dataclass
class PendingBoard:
    """A board of a published round with no result, and what its players said of it."""

    game: Game
    white: ResultClaim | None
    black: ResultClaim | None
    seen: str

    @property
    def agreed(self) -> bool:
        return bool(self.white and self.black and self.white.result == self.black.result)

    @property
    def conflict(self) -> bool:
        return bool(self.white and self.black and self.white.result != self.black.result)

    @property
    def choices(self) -> list[tuple[results.Result, bool]]:
        """The arbiter's buttons: the results of a game played, each marked when a player
        claimed it (confirming it is one click); forfeits are on the board's own buttons."""
        claimed = {c.result for c in (self.white, self.black) if c is not None}
        return [(r, r.code in claimed) for r in results.OVER_THE_BOARD]


def pending(tournament: Tournament, round_: Round | None = None) -> list[PendingBoard]:
    """The boards waiting for the arbiter (``round_``'s only, or the tournament's), by round
    and board. One query, whatever the number of boards."""
    rows = (
        ResultClaim.objects.filter(
            game__round__tournament=tournament, game__result="", game__adjourned=False
        )
        .exclude(game__round__state=Round.State.DRAFT)
        .select_related("game__round", "game__white", "game__black")
        .order_by("game__round__number", "game__board", "entry_id")
    )
    if round_ is not None:
        rows = rows.filter(game__round=round_)
    boards: dict[int, PendingBoard] = {}
    claims: dict[int, list[ResultClaim]] = {}
    for row in rows:
        board = boards.get(row.game_id)
        if board is None:
            board = boards[row.game_id] = PendingBoard(row.game, None, None, "")
        if row.entry_id == row.game.white_id:
            board.white = row
        else:
            board.black = row
        claims.setdefault(row.game_id, []).append(row)
    for game_id, board in boards.items():
        board.seen = state_of(board.game, claims[game_id])
    return list(boards.values())


def pending_count(tournament: Tournament) -> int:
    """How many boards wait for the arbiter (the dashboard's count); one query."""
    return (
        Game.objects.filter(round__tournament=tournament, result="", adjourned=False)
        .exclude(round__state=Round.State.DRAFT)
        .annotate(n=Count("claims"))
        .filter(n__gt=0)
        .count()
    )


def pending_boards(of: str = "round__tournament") -> Coalesce:
    """An annotation of tournaments (``of`` the games' tournament: the dashboard) or of rounds
    (``of="round"``: the rounds page): how many of their boards wait for the arbiter, in the
    same query as the list."""
    boards = (
        Game.objects.filter(
            result="", adjourned=False, claims__isnull=False, **{of: OuterRef("pk")}
        )
        .exclude(round__state=Round.State.DRAFT)
        .order_by()
        .values(of)
        .annotate(n=Count("pk", distinct=True))
        .values("n")
    )
    return Coalesce(Subquery(boards, output_field=IntegerField()), 0)


@dataclass
class CardGame:
    """A player's game of the current round as their card shows it."""

    round: Round | None
    game: Game | None
    mine: ResultClaim | None = None
    opponent: ResultClaim | None = None

    @property
    def opponent_entry(self) -> Entry | None:
        if self.game is None:
            return None
        return self.game.black if self.mine_is_white else self.game.white

    @property
    def mine_is_white(self) -> bool:
        return self.game is not None and self.game.white_id == self._entry_id

    @property
    def my_saying(self) -> str:
        """What the player said (WIN, DRAW, LOSS; "" nothing yet)."""
        if self.game is None or self.mine is None:
            return ""
        return saying_of(self.game, self._entry_id, self.mine.result)

    @property
    def opponent_saying(self) -> str:
        """What the opponent said, from the player's side: WIN when they say the player won."""
        if self.game is None or self.opponent is None:
            return ""
        return saying_of(self.game, self._entry_id, self.opponent.result)

    @property
    def seen(self) -> str:
        """The player's word as the page shows it (posted back: ``claim``'s ``seen``)."""
        return self.mine.result if self.mine is not None else ""

    _entry_id: int = 0


def current_game(entry: Entry) -> CardGame:
    """The entry's game in the last published round of their tournament (None: no round yet,
    or a bye), with both players' words on it."""
    round_ = (
        Round.objects.filter(tournament_id=entry.tournament_id)
        .exclude(state=Round.State.DRAFT)
        .order_by("-number")
        .first()
    )
    if round_ is None:
        return CardGame(None, None, _entry_id=entry.pk)
    game = (
        Game.objects.select_related("white", "black")
        .filter(round=round_)
        .filter(Q(white=entry) | Q(black=entry))
        .first()
    )
    if game is None:
        return CardGame(round_, None, _entry_id=entry.pk)
    game.round = round_
    card = CardGame(round_, game, _entry_id=entry.pk)
    for row in ResultClaim.objects.filter(game=game):
        if row.entry_id == entry.pk:
            card.mine = row
        else:
            card.opponent = row
    return card


# --- the checks ----------------------------------------------------------------------------------


def _players_game(entry: Entry, game_id: int) -> Game:
    """Game ``game_id`` locked, if it is one of ``entry``'s games in a published round of a
    tournament whose players give results; any other board is refused without saying whose."""
    _check_on(entry)
    where = (
        Game.objects.filter(pk=game_id, round__tournament_id=entry.tournament_id)
        .filter(Q(white=entry) | Q(black=entry))
        .values_list("round_id", flat=True)
        .first()
    )
    if where is None:
        raise ClaimError(
            _("This card is %(name)s's: it gives results of %(name)s's games only.")
            % {"name": entry.name},
            status=403,
        )
    return _lock(where, game_id)


def _check_on(entry: Entry) -> None:
    if not players_results_on(entry.tournament_id):
        raise ClaimError(
            _(
                "Players do not give results from their cards in this tournament: tell the "
                "arbiter your result."
            ),
            status=403,
        )


def _lock(round_id: int, game_id: int) -> Game:
    """The tournament, the round and the game, locked in that order."""
    round_ = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if round_ is None:
        raise ClaimError(_("That round no longer exists."), status=404)
    Tournament.objects.select_for_update().get(pk=round_.tournament_id)
    round_ = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .filter(pk=round_id)
        .first()
    )
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("white", "black")
        .filter(pk=game_id, round_id=round_id)
        .first()
    )
    if round_ is None or game is None:
        raise ClaimError(_("That board no longer exists: the round was paired again."), 404)
    if round_.state == Round.State.DRAFT:
        raise ClaimError(
            _("Round %(number)s is not published yet: its results come later.")
            % {"number": round_.number}
        )
    game.round = round_
    return game


def _check_open(game: Game) -> None:
    """A board with a result (or adjourned) takes no player's word."""
    if game.result:
        raise ClaimError(
            _(
                "Board %(board)s already has its result: %(result)s. Only the arbiter changes "
                "it: ask them if it is wrong."
            )
            % {"board": game.board, "result": game.get_result_display()}
        )
    if game.adjourned:
        raise ClaimError(
            _("Board %(board)s is adjourned: its result is the arbiter's to enter.")
            % {"board": game.board}
        )
    if game.team_match_id is not None:
        raise ClaimError(_("The results of team matches are entered by the arbiter."), status=403)


def _check_own_word(game: Game, entry: Entry, mine: ResultClaim | None, seen: str) -> None:
    """The player's word is what their page showed: another phone with the same card has not
    changed it meanwhile."""
    now = mine.result if mine is not None else ""
    if now == seen:
        return
    raise ClaimError(
        _(
            "Your result on board %(board)s was changed from another phone: it now says "
            "%(result)s. Check it and give yours again."
        )
        % {
            "board": game.board,
            "result": _(results.BY_CODE[now].label) if now else _("nothing"),
        }
    )


def _opponent_id(game: Game, entry: Entry) -> int:
    return game.black_id if game.white_id == entry.pk else game.white_id


def _waiting(mine: ResultClaim, opponent: ResultClaim | None) -> str:
    return PENDING if opponent is None or opponent.result == mine.result else CONFLICT


def _on_board(game: Game) -> str:
    if game.adjourned:
        return _("adjourned")
    return game.get_result_display() if game.result else _("no result")


def _claims_text(claims: list[ResultClaim]) -> str:
    if not claims:
        return _("no player's claim")
    return ", ".join(f"{c.entry.name}: {_(results.BY_CODE[c.result].label)}" for c in claims)

"""The round lifecycle of every system that pairs its rounds one at a time (Swiss, Monrad):
pair -> draft -> edit -> publish -> results -> delete the last round.

What differs between systems is the pairer their registry entry names (arbiter/core/systems.py): it
returns a :class:`Proposal`, and this module does the rest the same way for all of them.

**One lock order, everywhere.** The tournament row, then the round, then its games and byes.
Result entry (arbiter/core/services/results.py) takes the same order, so deleting a round while
results are being entered on it waits or is waited for, and never deadlocks.

**Drafts are versioned.** A page shows a draft with its token (:func:`draft_token`: the round's
id and version). Every action on it carries the token it was shown and is refused with
:class:`StaleDraft`, naming the change and who made it, when the draft has moved on since: a
second tab or a second arbiter never publishes, swaps or deletes what they did not see. Actions
set a state (this player White), they never toggle.

**Destructive actions confirm.** Deleting a round that is public or has results is refused with
:class:`ConfirmationNeeded`, listing what would be lost, until the arbiter confirms.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from arbiter.core import engine_text, fide_mode
from arbiter.core.models import AuditEntry, Bye, Entry, Game, Round, Tournament, Versioned
from arbiter.core.services.audit import record
from arbiter.core.services.results import adjourn_unfinished
from arbiter.core.standings import adjourned_games, games_text
from pairing.engines.messages import N_
from pairing.rounds.manual_pairing import manual_pairing_warnings
from pairing.rounds.team_matches import MatchPlan, write_matches


class RoundError(Exception):
    """A change the round cannot take now; the message is for the arbiter."""


class StaleDraft(RoundError):
    """The page acted on a version of the round that is no longer there."""


class ConfirmationNeeded(RoundError):
    """The action loses what is listed in ``lost``: the arbiter must confirm, seeing it."""

    def __init__(self, message: str, lost: list[str]) -> None:
        super().__init__(message)
        self.lost = lost


@dataclass(frozen=True)
class Proposal:
    """A system's pairing of the next round, by entry id."""

    boards: list[tuple[int, int]]  # (White, Black) in board order
    summary: str  # for the audit log and the draft's "last change"
    bye: int | None = None  # the pairing-allocated bye
    requested_byes: dict[int, str] = field(default_factory=dict)  # entry id -> Bye.Kind
    #: A draft waits for an arbiter to publish it; False publishes at once.
    draft: bool = True
    seed: int | None = None  # the random seed of a lot drawn for this round
    audit: dict = field(default_factory=dict)  # more of the pairing for the audit log
    #: Stores what the engine proposed beside the new round (its id is known only then).
    keep: Callable[[Round], None] | None = None
    #: A team system's round: its matches (their games and empty boards, written instead of
    #: ``boards``, pairing/rounds/team_matches.py) and the teams' byes (team id -> kind).
    matches: list[MatchPlan] = field(default_factory=list)
    team_byes: dict[int, str] = field(default_factory=dict)


#: What changed a draft, its "last change" (and the audit log's summary): stored in English,
#: shown in the reader's language through engine_text (docs/i18n.md).
SWAPPED = N_(
    "Round %(number)s draft: swapped %(first)s (%(first_place)s) and %(second)s (%(second_place)s)"
)
COLOURS_SET = N_("Round %(number)s draft, board %(board)s: %(white)s now White against %(black)s")
PUBLISHED = N_("Round %(number)s published")
PUBLISHED_WITH_WARNINGS = N_("Round %(number)s published with %(warnings)s warning(s)")


# --- locks and versions ---------------------------------------------------------------------


def locked_tournament(tournament: Tournament) -> Tournament:
    """The first lock of every change of a tournament."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def locked_round(round_: Round) -> tuple[Tournament, Round]:
    """The tournament, then the round, locked; refused when the round was deleted meanwhile."""
    tournament = locked_tournament(round_.tournament)
    current = Round.objects.select_for_update().filter(pk=round_.pk).first()
    if current is None:
        raise RoundError(gone_message(tournament, round_.number))
    current.tournament = tournament
    return tournament, current


def gone_message(tournament: Tournament, number: int) -> str:
    deleted = (
        AuditEntry.objects.filter(tournament=tournament, action="round.delete")
        .select_related("user")
        .first()
    )
    if deleted and deleted.user:
        return gettext(
            "Round %(number)s no longer exists: it was deleted (%(user)s, %(time)s)."
        ) % {"number": number, "user": deleted.user.username, "time": f"{deleted.at:%H:%M}"}
    return gettext("Round %(number)s no longer exists: it was deleted.") % {"number": number}


def draft_token(draft: Versioned) -> str:
    """What a page shows a draft (a round, a bracket) as: its id and version. A round deleted and
    paired again has a new id, so its token differs even at version 1."""
    return f"{draft.pk}.{draft.version}"


def check_seen(draft: Versioned, seen: str | None) -> None:
    """Refuse an action from a page that showed another version of the draft (a round, a
    bracket). ``seen`` None is the command line, which acts on the draft as it is."""
    if seen is None or seen == draft_token(draft):
        return
    who = f" ({draft.changed_by.username})" if draft.changed_by else ""
    if seen.split(".")[0] != str(draft.pk):
        change = gettext("it was deleted and paired again") + who
    else:
        change = f"{engine_text.translate(draft.last_change)}{who}"
    refusal = (
        gettext(
            "Round %(number)s changed after your page was shown: %(change)s. "
            "Nothing was done; here it is as it stands now."
        )
        if isinstance(draft, Round)
        else gettext(
            "The bracket changed after your page was shown: %(change)s. "
            "Nothing was done; here it is as it stands now."
        )
    )
    raise StaleDraft(refusal % {"number": getattr(draft, "number", ""), "change": change})


def mark_changed(user, draft: Versioned, summary: str, *fields: str) -> None:
    """Save a change of the draft (``fields``) as its new version, with what changed and who."""
    draft.version += 1
    draft.last_change = summary[:300]
    draft.changed_by = user if user is not None and user.is_authenticated else None
    draft.save(update_fields=["version", "last_change", "changed_by", *fields])


# --- pairing --------------------------------------------------------------------------------


def check_unchanged(tournament: Tournament, seen_version: int | None) -> None:
    """Refuse to act on a tournament that changed since ``seen_version`` (the version when the
    arbiter asked: a pairing job acts on what they saw), naming the changes. None: as it is."""
    if seen_version is None or tournament.version == seen_version:
        return
    changes = (
        AuditEntry.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("-at", "-id")[: min(max(tournament.version - seen_version, 1), 3)]
    )
    said = "; ".join(
        engine_text.translate(entry.summary) + (f" ({entry.user.username})" if entry.user else "")
        for entry in changes
    )
    more = tournament.version - seen_version - len(changes)
    if more > 0:
        refusal = ngettext(
            "The tournament changed after Pair was pressed: %(changes)s and %(more)s more "
            "change. Nothing was paired: check the page as it stands now and press Pair again.",
            "The tournament changed after Pair was pressed: %(changes)s and %(more)s more "
            "changes. Nothing was paired: check the page as it stands now and press Pair again.",
            more,
        )
    else:
        refusal = gettext(
            "The tournament changed after Pair was pressed: %(changes)s. "
            "Nothing was paired: check the page as it stands now and press Pair again."
        )
    raise StaleDraft(refusal % {"changes": said, "more": more})


def pairing_warnings(tournament: Tournament) -> list[fide_mode.RuleWarning]:
    """What the rules say about pairing the next round now (docs/fide-mode.md, "Adjourned
    games"): the last round's games still without a result are marked adjourned, each counted
    as a draw for the pairing (level 2, FIDE's checklist Q159-160); an adjourned game of a
    round before the last one is still without its result (level 2, Q168)."""
    last = tournament.rounds.order_by("-number").first()
    if last is None or last.state == Round.State.DRAFT:
        return []
    warnings = []
    unfinished = list(
        last.games.filter(result="", adjourned=False).select_related("round", "white", "black")
    )
    if unfinished:
        message = gettext(
            "Round %(number)s still has games without a result: %(games)s. They will be marked "
            "adjourned and count as draws for this pairing."
        ) % {"number": last.number, "games": games_text(unfinished)}
        warnings.append(fide_mode.RuleWarning(fide_mode.Level.ACKNOWLEDGE, message))
    older = adjourned_games(tournament, last.number - 1)
    if older:
        message = gettext(
            "Adjourned games of rounds before round %(number)s still have no result: "
            "%(games)s. They count as draws for this pairing."
        ) % {"number": last.number, "games": games_text(older)}
        warnings.append(fide_mode.RuleWarning(fide_mode.Level.ACKNOWLEDGE, message))
    return warnings


@transaction.atomic
def pair_next_round(
    user, tournament: Tournament, *, seen_version: int | None = None, confirmation: str = ""
) -> Round:
    """Pair the next round with the system's pairer: a draft (nothing public yet), or published
    at once when the system says so. With ``seen_version``, refused when the tournament is no
    longer at that version (:func:`check_unchanged`). The last round's games still without a
    result are marked adjourned, once the arbiter confirmed :func:`pairing_warnings`
    (``confirmation``, arbiter/core/fide_mode.py)."""
    tournament = locked_tournament(tournament)
    check_unchanged(tournament, seen_version)
    system = tournament.pairing_system
    if not system.pairer:
        raise RoundError(gettext("This tournament's rounds are not paired one at a time."))
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.state == Round.State.DRAFT:
        raise RoundError(
            gettext("Round %(number)s is already paired: publish it, edit it or delete the draft.")
            % {"number": last.number}
        )
    fide_mode.require(tournament.fide_mode, pairing_warnings(tournament), confirmation)
    if last is not None:
        last.tournament = tournament
        adjourn_unfinished(user, last)
    number = last.number + 1 if last else 1
    if tournament.planned_rounds and number > tournament.planned_rounds:
        raise RoundError(
            gettext(
                "All %(rounds)s rounds have been paired "
                "(raise the number of rounds in the settings for another)."
            )
            % {"rounds": tournament.planned_rounds}
        )
    if number > settings.MAX_ROUNDS:
        raise RoundError(
            gettext("A tournament has at most %(MAX_ROUNDS)s rounds (MAX_ROUNDS).")
            % {"MAX_ROUNDS": settings.MAX_ROUNDS}
        )
    if tournament.entries.filter(withdrawn=False).count() < 2:
        raise RoundError(
            gettext("Round %(number)s needs at least two players who have not withdrawn.")
            % {"number": number}
        )
    proposal: Proposal = system.pairer(user, tournament, number)
    if not proposal.boards and not proposal.matches:
        raise RoundError(
            gettext("Round %(number)s would have no game: check who plays in it.")
            % {"number": number}
        )
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        seed=proposal.seed,
        state=Round.State.DRAFT if proposal.draft else Round.State.PUBLISHED,
        published_at=None if proposal.draft else timezone.now(),
        last_change=proposal.summary[:300],
        changed_by=user if user is not None and user.is_authenticated else None,
    )
    if proposal.matches:
        write_matches(round_, proposal.matches, proposal.team_byes)
    else:
        Game.objects.bulk_create(
            Game(round=round_, board=board, white_id=white, black_id=black)
            for board, (white, black) in enumerate(proposal.boards, start=1)
        )
    byes = [Bye(round=round_, entry_id=e, kind=k) for e, k in proposal.requested_byes.items()]
    if proposal.bye is not None:
        byes.append(Bye(round=round_, entry_id=proposal.bye, kind=Bye.Kind.PAIRING_ALLOCATED))
    Bye.objects.bulk_create(byes)
    if proposal.keep is not None:
        proposal.keep(round_)
    record(
        user,
        tournament,
        "round.pair",
        proposal.summary,
        after={
            "round": number,
            "boards": [list(pair) for pair in proposal.boards],
            "bye": proposal.bye,
            "seed": proposal.seed,
            "published": not proposal.draft,
            **(
                {
                    "matches": [
                        [m.home, m.away, [list(b) for b in m.boards]] for m in proposal.matches
                    ]
                }
                if proposal.matches
                else {}
            ),
            **proposal.audit,
        },
    )
    return round_


# --- editing a draft ------------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """Where an entry sits in a draft: a board and a colour, or the pairing-allocated bye."""

    board: int | None
    colour: str  # "white", "black" or "bye"

    def __str__(self) -> str:
        return "bye" if self.colour == "bye" else f"board {self.board} {self.colour}"


def _arrangement(round_: Round) -> dict[int, Slot]:
    slots: dict[int, Slot] = {}
    for board, white, black in round_.games.values_list("board", "white_id", "black_id"):
        slots[white] = Slot(board, "white")
        slots[black] = Slot(board, "black")
    for entry_id in round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).values_list(
        "entry_id", flat=True
    ):
        slots[entry_id] = Slot(None, "bye")
    return slots


def _rewrite(round_: Round, slots: dict[int, Slot]) -> None:
    """Replace the round's games and pairing-allocated bye by ``slots``; the engine's record of
    the round says whether the draft now differs from what it proposed."""
    boards: dict[int, dict[str, int]] = {}
    bye = None
    for entry_id, slot in slots.items():
        if slot.colour == "bye":
            bye = entry_id
        else:
            boards.setdefault(slot.board, {})[slot.colour] = entry_id
    round_.games.all().delete()
    round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).delete()
    Game.objects.bulk_create(
        Game(round=round_, board=board, white_id=pair["white"], black_id=pair["black"])
        for board, pair in sorted(boards.items())
    )
    if bye is not None:
        Bye.objects.create(round=round_, entry_id=bye, kind=Bye.Kind.PAIRING_ALLOCATED)
    engine_record = round_.tournament.pairing_system.engine_record
    if engine_record is not None:
        proposed = engine_record._default_manager.filter(round=round_).first()
        if proposed is not None:
            ours = sorted([pair["white"], pair["black"]] for pair in boards.values())
            theirs = sorted(board[:2] for board in proposed.boards)
            proposed.edited = ours != theirs or bye != proposed.bye_id
            proposed.save(update_fields=["edited"])


def _editable(round_: Round, seen: str | None, *, teams: bool = False) -> None:
    """The draft the page showed, still a draft; a round of team matches is edited by team
    (``teams``: pairing/team_rounds/services.py), never player by player."""
    check_seen(round_, seen)
    if round_.state != Round.State.DRAFT:
        raise RoundError(
            gettext("Round %(number)s is published: its pairing can no longer be changed.")
            % {"number": round_.number}
        )
    if not teams and round_.team_matches.exists():
        raise RoundError(
            gettext(
                "Round %(number)s is a round of team matches: swap teams or change which team "
                "is named first, not single players."
            )
            % {"number": round_.number}
        )


@transaction.atomic
def swap_players(
    user,
    round_: Round,
    first: Entry,
    second: Entry,
    *,
    seen: str | None = None,
    confirmation: str = "",
) -> None:
    """Exchange two players' places in a draft: boards, colours or the bye. A swap that breaks
    a rule waits for the arbiter's confirmation (:func:`_save_edit`)."""
    _, round_ = locked_round(round_)
    _editable(round_, seen)
    slots = _arrangement(round_)
    for entry in (first, second):
        if entry.pk not in slots:
            raise RoundError(
                gettext("%(name)s is not paired in round %(number)s (absent or a requested bye).")
                % {"name": entry.name, "number": round_.number}
            )
    if first.pk == second.pk:
        raise RoundError(gettext("Choose two different players to swap."))
    before = {first.pk: slots[first.pk], second.pk: slots[second.pk]}
    if before[first.pk].board is not None and before[first.pk].board == before[second.pk].board:
        raise RoundError(gettext("Those two players are already paired together."))
    slots[first.pk], slots[second.pk] = before[second.pk], before[first.pk]
    summary = SWAPPED % {
        "number": round_.number,
        "first": first.name,
        "first_place": before[first.pk],
        "second": second.name,
        "second_place": before[second.pk],
    }
    _save_edit(
        user,
        round_,
        slots,
        "round.swap_players",
        summary,
        confirmation,
        before={str(k): str(v) for k, v in before.items()},
        after={str(first.pk): str(slots[first.pk]), str(second.pk): str(slots[second.pk])},
    )


@transaction.atomic
def set_colours(
    user,
    round_: Round,
    board: int,
    white: Entry,
    *,
    seen: str | None = None,
    confirmation: str = "",
) -> None:
    """Give White on one board of a draft to ``white`` (a state, not a toggle: asking for what
    the board already has changes nothing). Colours that break a rule wait for the arbiter's
    confirmation (:func:`_save_edit`)."""
    _, round_ = locked_round(round_)
    _editable(round_, seen)
    game = round_.games.select_related("white", "black").filter(board=board).first()
    if game is None:
        raise RoundError(
            gettext("Round %(number)s has no board %(board)s.")
            % {"number": round_.number, "board": board}
        )
    if white.pk not in (game.white_id, game.black_id):
        raise RoundError(
            gettext("%(name)s does not play on board %(board)s.")
            % {"name": white.name, "board": board}
        )
    if game.white_id == white.pk:
        return
    slots = _arrangement(round_)
    slots[game.white_id], slots[game.black_id] = slots[game.black_id], slots[game.white_id]
    summary = COLOURS_SET % {
        "number": round_.number,
        "board": board,
        "white": game.black.name,
        "black": game.white.name,
    }
    _save_edit(
        user,
        round_,
        slots,
        "round.set_colours",
        summary,
        confirmation,
        before={"white": game.white_id, "black": game.black_id},
        after={"white": game.black_id, "black": game.white_id},
    )


def _save_edit(
    user,
    round_: Round,
    slots: dict[int, Slot],
    action: str,
    summary: str,
    confirmation: str,
    **audit,
):
    """An edit of a draft: its new boards, its new version, its audit entry. The rule warnings
    the edit adds to the draft (its system's ``edit_warnings``: a rematch, a colour rule broken,
    checklist Q66-Q67) wait for the arbiter's confirmation at their level; until then the
    transaction rolls the new boards back."""
    warn = round_.tournament.pairing_system.edit_warnings
    already = warn(round_) if warn else []
    _rewrite(round_, slots)
    if warn:
        added = [warning for warning in warn(round_) if warning not in already]
        fide_mode.require(round_.tournament.fide_mode, added, confirmation)
    mark_changed(user, round_, summary)
    record(user, round_.tournament, action, summary, **audit)


# --- publishing and deleting ----------------------------------------------------------------


@transaction.atomic
def publish_round(user, round_: Round, *, seen: str | None = None, confirmation: str = "") -> Round:
    """Make the draft the arbiter saw public: its pairings show at once and results can be
    entered. The system's notes on it (warnings, repeats) go into the audit entry. A draft that
    differs from the engine's pairing is published only after the level-4 confirmation, and
    its TRF records the differences (``### MPA``, pairing/rounds/manual_pairing.py)."""
    tournament, round_ = locked_round(round_)
    check_seen(round_, seen)
    if round_.state != Round.State.DRAFT:
        raise RoundError(
            gettext("Round %(number)s is already published.") % {"number": round_.number}
        )
    manual = manual_pairing_warnings(round_)
    fide_mode.require(tournament.fide_mode, manual, confirmation)
    system = tournament.pairing_system
    notes: list[str] = system.publish_notes(user, round_) if system.publish_notes else []
    round_.state = Round.State.PUBLISHED
    round_.published_at = timezone.now()
    summary = (
        PUBLISHED_WITH_WARNINGS % {"number": round_.number, "warnings": len(notes)}
        + ": "
        + "; ".join(notes)
        if notes
        else PUBLISHED % {"number": round_.number}
    )
    mark_changed(user, round_, summary, "state", "published_at")
    record(
        user,
        tournament,
        "round.publish",
        summary,
        after={"state": round_.state, "warnings": notes},
        trf_note=manual[0].trf_note if manual else "",
    )
    return round_


def _deletion_losses(round_: Round) -> list[str]:
    lost = []
    if round_.state != Round.State.DRAFT:
        when = timezone.localtime(round_.published_at) if round_.published_at else None
        lost.append(
            gettext("the public pairings of round %(number)s (published %(when)s)")
            % {"number": round_.number, "when": f"{when:%Y-%m-%d %H:%M}"}
            if when
            else gettext("the public pairings of round %(number)s") % {"number": round_.number}
        )
    for game in round_.games.select_related("white", "black").exclude(result="").order_by("board"):
        lost.append(
            gettext("board %(board)s: %(white)s %(result)s %(black)s")
            % {
                "board": game.board,
                "white": game.white.name,
                "result": game.outcome.label,
                "black": game.black.name,
            }
        )
    return lost


@transaction.atomic
def delete_last_round(
    user, round_: Round, *, seen: str | None = None, confirm: bool = False
) -> list[str]:
    """Delete the last round so that it can be paired again (the Monrad page calls it undoing
    the pairing; the check-ins stay). A published round, or one with results, is deleted only
    with ``confirm``; otherwise :class:`ConfirmationNeeded` lists what would be lost. The audit
    log keeps the whole round. Returns what was lost."""
    tournament, round_ = locked_round(round_)
    check_seen(round_, seen)
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    if round_.number != last:
        raise RoundError(
            gettext(
                "Only the last round (%(last)s) can be deleted; round %(number)s has rounds after "
                "it."
            )
            % {"last": last, "number": round_.number}
        )
    lost = _deletion_losses(round_)
    if lost and not confirm:
        raise ConfirmationNeeded(
            gettext("Deleting round %(number)s loses %(losses)s.")
            % {"number": round_.number, "losses": "; ".join(lost)},
            lost,
        )
    games = list(
        round_.games.order_by("board").values_list("board", "white_id", "black_id", "result")
    )
    snapshot = {
        "round": round_.number,
        "state": round_.state,
        "games": [list(game) for game in games],
        "byes": list(round_.byes.order_by("entry_id").values_list("entry_id", "kind")),
        **(
            {
                "matches": [
                    list(match)
                    for match in round_.team_matches.order_by("table").values_list(
                        "table", "home_id", "away_id", "forfeit"
                    )
                ]
            }
            if round_.team_matches.exists()
            else {}
        ),
    }
    round_.delete()
    results = sum(1 for *_, result in games if result)
    record(
        user,
        tournament,
        "round.delete",
        f"Round {round_.number} deleted" + (f", losing {results} result(s)" if results else ""),
        before=snapshot,
    )
    return lost

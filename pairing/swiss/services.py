"""What a FIDE Dutch Swiss adds to the round lifecycle (pairing/rounds/services.py): the
engine's pairing of the next round, the colour lot of round 1, and the rule warnings of a draft.
"""

import random
import time

from django.utils.translation import gettext

from arbiter.core.fide_mode import Level, RuleWarning
from arbiter.core.models import Bye, Round, Tournament
from arbiter.core.services.entries import renumber_by_rating
from arbiter.platform.time_limit import run_pure
from pairing.engines.dutch import NoValidPairing, pair_trf
from pairing.engines.dutch.manual import Warning, check_manual_pairing
from pairing.engines.dutch.state import build_state
from pairing.engines.messages import N_
from pairing.engines.trf import TrfError
from pairing.rounds.services import Proposal, RoundError
from pairing.swiss.models import EnginePairing
from pairing.swiss.trf.export import tournament_trf

#: A round's summary (its draft's "last change", the audit log, the pairing job's outcome):
#: stored in English, shown in the reader's language through engine_text (docs/i18n.md).
PAIRED = N_("Round %(number)s paired by the engine (%(rules)s rules): %(boards)s boards")
PAIRED_WITH_BYE = N_(
    "Round %(number)s paired by the engine (%(rules)s rules): %(boards)s boards, bye %(name)s"
)


def propose_round(user, tournament: Tournament, number: int) -> Proposal:
    """The Dutch engine's pairing of round ``number`` (the registry's pairer for a Swiss): the
    draft the round lifecycle keeps, with the engine's explanations beside it."""
    seed = _prepare_first_round(tournament) if number == 1 else None
    trf = tournament_trf(tournament, through_round=number - 1, next_round=True)
    started = time.perf_counter()
    try:
        pairing = run_pure(pair_trf, trf, tournament.rules_version)
    except NoValidPairing as error:
        raise RoundError(
            gettext("No pairing of round %(number)s satisfies the absolute criteria: %(error)s")
            % {"number": number, "error": error}
        ) from error
    except TrfError as error:
        raise RoundError(
            gettext("The tournament's history cannot be paired: %(error)s") % {"error": error}
        ) from error
    seconds = time.perf_counter() - started
    entries = {e.starting_number: e for e in tournament.entries.exclude(starting_number=None)}
    absent = {p.number: p.results[-1].code for p in trf.players if len(p.results) == number}
    bye = entries[pairing.bye] if pairing.bye else None

    def keep(round_: Round) -> None:
        EnginePairing.objects.create(
            round=round_,
            rules=pairing.rules,
            boards=[[entries[b.white].pk, entries[b.black].pk] for b in pairing.boards],
            bye=bye,
            explanations={str(entries[e.player].pk): _explanation(e) for e in pairing.explanations},
            seconds=seconds,
            paired_by=user if user is not None and user.is_authenticated else None,
        )

    return Proposal(
        boards=[(entries[b.white].pk, entries[b.black].pk) for b in pairing.boards],
        bye=bye.pk if bye else None,
        requested_byes={entries[n].pk: code for n, code in absent.items()},
        seed=seed,
        summary=(PAIRED_WITH_BYE if bye else PAIRED)
        % {
            "number": number,
            "rules": pairing.rules,
            "boards": len(pairing.boards),
            "name": bye.name if bye else "",
        },
        audit={"starting_numbers": [[b.white, b.black] for b in pairing.boards]},
        keep=keep,
    )


def _prepare_first_round(tournament: Tournament) -> int | None:
    """Starting numbers from the initial ranking and, unless the arbiter set it, the colour lot
    (C.04.3 art. 5.2.5) drawn with a seed that round 1 keeps for the audit."""
    renumber_by_rating(tournament)
    if tournament.initial_colour:
        return None
    seed = random.SystemRandom().randrange(2**31)
    tournament.initial_colour = random.Random(seed).choice("wb")
    tournament.save(update_fields=["initial_colour"])
    return seed


def _explanation(e) -> dict:
    return {
        "bracket": e.bracket,
        "opponent": e.opponent,
        "colour": e.colour,
        "colour_rule": e.colour_rule,
        "float": e.float,
        "reason": e.reason,
    }


def draft_warnings(round_: Round) -> list[Warning]:
    """The FIDE manual-pairing checks on the round as it stands, against the engine's choice."""
    tournament = round_.tournament
    trf = tournament_trf(tournament, through_round=round_.number - 1, next_round=True)
    state = build_state(trf)
    number = dict(tournament.entries.values_list("pk", "starting_number"))
    boards = [(number[w], number[b]) for w, b in round_.games.values_list("white_id", "black_id")]
    bye = round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).values_list("entry_id", flat=True)
    bye_number = number[bye[0]] if bye else None
    engine = EnginePairing.objects.filter(round=round_).first()
    if engine is None:
        return check_manual_pairing(state, boards, bye_number)
    engine_boards = [(number[w], number[b]) for w, b in engine.boards]
    engine_bye = number[engine.bye_id] if engine.bye_id else None
    return check_manual_pairing(state, boards, bye_number, engine_boards, engine_bye)


def recheck_round(tournament: Tournament, number: int) -> str:
    """How round ``number`` as it stands differs from the engine's pairing of it under the
    tournament's settings as they are in memory (a new number of rounds makes another round the
    final one, C.04.3 [C3] and the top scorers' colours): the boards, as starting numbers, that
    the engine would not make, with its own beside them; "" when they agree (Q60-Q61)."""
    trf = tournament_trf(tournament, through_round=number - 1, next_round=True)
    try:
        pairing = run_pure(pair_trf, trf, tournament.rules_version)
    except (NoValidPairing, TrfError) as error:
        return str(error)
    number_of = dict(tournament.entries.values_list("pk", "starting_number"))
    round_ = tournament.rounds.get(number=number)
    games = round_.games.values_list("white_id", "black_id")
    ours = {(number_of[white], number_of[black]) for white, black in games}
    engine = {(board.white, board.black) for board in pairing.boards}
    bye = round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).values_list("entry_id", flat=True)
    our_bye = number_of[bye[0]] if bye else None
    if ours == engine and our_bye == pairing.bye:
        return ""
    shown = " ".join(f"{w}-{b}" for w, b in sorted(ours - engine))
    wanted = " ".join(f"{w}-{b}" for w, b in sorted(engine - ours))
    if our_bye != pairing.bye:
        shown += f" bye {our_bye or '-'}"
        wanted += f" bye {pairing.bye or '-'}"
    return f"{shown.strip()}; engine {wanted.strip()}"


def rounds_possible(tournament: Tournament, players: int) -> int:
    """A Swiss of ``players`` pairs at most one round per opponent, and one more with the
    pairing-allocated bye when the field is odd ([C1], [C2]: no rematch, one bye each)."""
    return players - 1 + players % 2


#: The manual-pairing checks that an edit of a draft confirms (checklist Q66: repeat game,
#: prohibited pair, ineligible PAB, colour rules); both colours reversed is acknowledged (Q67).
#: The colour rules are confirmed before the last round only (its top scorers may break them,
#: C.04.3 [C3]): there they are information. Differences from the engine are noted at publish.
EDIT_LEVELS = {
    "rematch": Level.CONFIRM,
    "forbidden": Level.CONFIRM,
    "bye": Level.CONFIRM,
    "colour_row": Level.CONFIRM,
    "colour_difference": Level.CONFIRM,
    "colours_reversed": Level.ACKNOWLEDGE,
}
COLOUR_RULES = ("colour_row", "colour_difference")


def edit_warnings(round_: Round) -> list[RuleWarning]:
    """The draft's manual-pairing warnings at the levels the checklist gives them (Q66-Q67)."""
    last = round_.number == round_.tournament.planned_rounds
    return [
        RuleWarning(
            Level.INFORM if last and warning.code in COLOUR_RULES else EDIT_LEVELS[warning.code],
            warning.message,
        )
        for warning in draft_warnings(round_)
        if warning.code in EDIT_LEVELS
    ]


def publish_notes(user, round_: Round) -> list[str]:
    """What the published draft breaks, as the warnings the arbiter was shown."""
    return [warning.message for warning in draft_warnings(round_)]

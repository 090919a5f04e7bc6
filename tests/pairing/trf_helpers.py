"""Helpers for the TRF import and export tests: the vectors, a small hand-made file, and
descriptions of a tournament (parsed or stored) that two imports or exports can be compared by."""

from pathlib import Path

from arbiter.core.models import Tournament
from pairing.engines.trf import TrfPlayer, TrfResult, TrfTournament, write_trf
from pairing.round_robin import services as round_robin
from tests.pairing.conftest import play

VECTORS = Path(__file__).parent / "vectors" / "dutch" / "rounds"


def vector_file(name: str) -> Path:
    """The last cut of a vector tournament: every round but the last, as the endorsed engine
    paired and scored it, and the last round's absentees (if any) in its column."""
    return sorted((VECTORS / name).glob("r*.trf"))[-1]


def vector(name: str) -> str:
    return vector_file(name).read_text(encoding="ascii")


def expected_pairing(name: str) -> list[str]:
    """The endorsed engine's pairing of the round after the cut ("white black", bye "N 0")."""
    path = vector_file(name).with_suffix(".2026.txt")
    return [line for line in path.read_text().splitlines()[1:] if line.strip()]


def r(opponent, colour, code):
    return TrfResult(opponent, colour, code)


BYE_U, BYE_H, BYE_Z = r(None, "-", "U"), r(None, "-", "H"), r(None, "-", "Z")

#: Five players, two rounds of three: a pairing-allocated bye, a half-point bye, a draw, a
#: forfeit. Player lines are lines 4 to 8 of the text.
SMALL_PLAYERS = (
    TrfPlayer(1, "Aas, Kari", 2300, 15, (r(4, "w", "1"), r(3, "b", "=")), "w", "WFM", "NOR",
              "1500001", "1990/05/12"),
    TrfPlayer(2, "Berg, Ola", 2200, 10, (r(5, "b", "0"), r(4, "w", "+")), "m", "", "SWE"),
    TrfPlayer(3, "Dahl, Per", 2100, 15, (BYE_U, r(1, "w", "="))),
    TrfPlayer(4, "Lie, Jo", 2000, 0, (r(1, "b", "0"), r(2, "b", "-")), "m", "g"),
    TrfPlayer(5, "Moe, Siv", 1900, 15, (r(2, "w", "1"), BYE_H), "w"),
)  # fmt: skip


def small_trf(**changes) -> str:
    values = {"players": SMALL_PLAYERS, "name": "Small Open", "rounds": 3, "initial_colour": "w"}
    return write_trf(TrfTournament(**{**values, **changes}), legacy=True)


def describe_trf(t: TrfTournament) -> dict:
    """Players and every round's opponent, colour and result, as a TRF says them."""
    return {
        "rounds": t.rounds,
        "initial colour": t.initial_colour,
        "players": [
            (p.number, p.name, p.rating, p.sex, p.title, p.federation, p.fide_id, p.birth[:4])
            for p in t.players
        ],
        "results": {
            p.number: [(x.opponent, x.colour, x.code) for x in p.results] for p in t.players
        },
    }


def describe(tournament: Tournament) -> dict:
    """A stored Swiss by starting numbers: settings, entries, rounds with games and byes."""
    fields = ["system", "rules_version", "start_date", "end_date", "city", "federation"]
    fields += ["time_control", "planned_rounds", "baku_acceleration", "initial_colour", "status"]
    rounds = []
    for round_ in tournament.rounds.order_by("number"):
        games = round_.games.order_by("board").values_list(
            "board", "white__starting_number", "black__starting_number", "result"
        )
        byes = round_.byes.order_by("entry__starting_number").values_list(
            "entry__starting_number", "kind"
        )
        rounds.append((round_.number, round_.state, list(games), list(byes)))
    entries = tournament.entries.order_by("starting_number").values_list(
        "starting_number", "name", "title", "sex", "federation", "rating", "fide_id", "birth_year"
    )
    return {
        "tournament": {name: getattr(tournament, name) for name in fields},
        "entries": list(entries),
        "rounds": rounds,
        "records": list(
            tournament.player_round_records.order_by(
                "round_number", "entry__starting_number"
            ).values_list("entry__starting_number", "round_number", "kind")
        ),
        "forbidden": sorted(
            tournament.forbidden_pairs.values_list(
                "first__starting_number", "second__starting_number"
            )
        ),
    }


def drawn_round_robin(user, tournament, *, played: int, double: bool = False, swap=True):
    """The round robin drawn by the app with a fixed seed and its first ``played`` rounds
    played; nine players (the Oslo Invitational less one), so every round has its free round."""
    tournament.entries.order_by("-pk").first().delete()
    drawing = round_robin.start_drawing(user, tournament, seed=2026, double_round_robin=double)
    if not swap:
        drawing.swap_last_two_rounds = False
        drawing.save()
    for step in range(tournament.entries.count()):
        round_robin.draw_for_player(user, drawing, step)
    round_robin.confirm_drawing(user, drawing)
    for round_ in tournament.rounds.order_by("number")[:played]:
        play(user, round_)
    tournament.refresh_from_db()
    return tournament

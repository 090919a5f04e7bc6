"""``manage.py monrad``: a club evening from a terminal, through the page's services."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from arbiter.core.models import Round
from arbiter.core.systems import System
from tests.factories import EntryFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def run(*args):
    out = StringIO()
    call_command("monrad", *map(str, args), stdout=out)
    return out.getvalue()


@pytest.fixture
def club(anna):
    tournament = TournamentFactory(name="Tuesday Club", system=System.MONRAD, chief=anna)
    for n in range(1, 6):
        EntryFactory(tournament=tournament, name=f"Member {n}, Club", starting_number=n)
    return tournament


def test_an_evening_from_the_terminal(anna, club):
    assert "4 present" in run(club.pk, "--user", "anna", "present", 1, 2, 3, 4)
    assert "card 6" in run(club.pk, "--user", "anna", "late", "Late, Lisa", "--rating", 1300)
    assert "3 present" in run(club.pk, "--user", "anna", "absent", 2, 6)
    out = run(club.pk, "--user", "anna", "pair")
    assert "Round 1 paired (published)" in out and ": bye" in out
    assert "board 1: 1 - 0" in run(club.pk, "--user", "anna", "result", 1, "1-0")
    assert club.rounds.get().state == Round.State.COMPLETE
    standing = run(club.pk, "--user", "anna", "standing")
    # the bye (3 points, no game) ranks above the winner (3 points in one game)
    assert [line.split()[-3:] for line in standing.splitlines()[1:3]] == [
        ["3", "0", "0"],
        ["3", "1", "0"],
    ]
    assert "tiebreak: sb" in run(club.pk, "--user", "anna", "settings", "--tiebreak", "sb")


def test_a_repeat_is_accepted_from_the_terminal(anna, club):
    run(club.pk, "--user", "anna", "present", 1, 2)
    run(club.pk, "--user", "anna", "pair")
    run(club.pk, "--user", "anna", "result", 1, "1/2")
    game = club.rounds.get().games.select_related("white", "black").get()
    # the cards were drawn by lot for round 1: name the two by their new numbers
    run(
        club.pk, "--user", "anna", "present", game.white.starting_number, game.black.starting_number
    )
    out = run(club.pk, "--user", "anna", "pair")
    assert "draft" in out and "(repeat)" in out and "No pairing without a repeat" in out
    assert "accepted" in run(club.pk, "--user", "anna", "accept")


def test_refusals_are_command_errors(anna, boris, club):
    with pytest.raises(CommandError, match="not an arbiter"):
        run(club.pk, "--user", "boris", "pair")
    with pytest.raises(CommandError, match="at least two"):
        run(club.pk, "--user", "anna", "pair")
    with pytest.raises(CommandError, match="No member with card number 99"):
        run(club.pk, "--user", "anna", "present", 99)

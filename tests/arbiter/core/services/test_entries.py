"""Adding, changing and withdrawing entries."""

import pytest

from arbiter.core.models import AuditEntry
from arbiter.core.services.entries import add_entry, import_entries, set_withdrawn, update_entry
from tests.factories import RoundFactory

pytestmark = pytest.mark.django_db


def names_by_number(tournament) -> list[str]:
    return list(tournament.entries.order_by("starting_number").values_list("name", flat=True))


def test_every_service_function_writes_its_audit_entry(anna, bergen_open):
    entry = add_entry(anna, bergen_open, {"name": "Dahl, Per", "rating": 2000})
    update_entry(anna, entry, {"name": "Dahl, Per", "rating": 2010})
    set_withdrawn(anna, entry, True)
    set_withdrawn(anna, entry, False)
    import_entries(anna, bergen_open, [{"name": "Lie, Jo", "rating": 1900}])
    actions = list(AuditEntry.objects.order_by("id").values_list("action", flat=True))
    assert actions == [
        "entry.add",
        "entry.update",
        "entry.withdraw",
        "entry.reinstate",
        "entry.import",
    ]
    assert set(AuditEntry.objects.values_list("user__username", flat=True)) == {"anna"}


def test_a_rating_change_before_round_one_reorders_the_numbers(anna, bergen_open):
    import_entries(
        anna, bergen_open, [{"name": "A", "rating": 2000}, {"name": "B", "rating": 1900}]
    )
    b = bergen_open.entries.get(name="B")
    update_entry(anna, b, {"name": "B", "rating": 2100})
    assert names_by_number(bergen_open) == ["B", "A"]


def test_a_late_entry_gets_the_next_number_once_a_round_exists(anna, bergen_open):
    import_entries(
        anna, bergen_open, [{"name": "A", "rating": 2000}, {"name": "B", "rating": 1900}]
    )
    RoundFactory(tournament=bergen_open, number=1)
    late = add_entry(anna, bergen_open, {"name": "Late, Strong", "rating": 2700})
    assert late.starting_number == 3
    assert names_by_number(bergen_open) == ["A", "B", "Late, Strong"]


def test_numbers_stay_fixed_after_round_one_even_when_a_rating_changes(anna, bergen_open):
    import_entries(
        anna, bergen_open, [{"name": "A", "rating": 2000}, {"name": "B", "rating": 1900}]
    )
    RoundFactory(tournament=bergen_open, number=1)
    update_entry(anna, bergen_open.entries.get(name="B"), {"name": "B", "rating": 2500})
    assert names_by_number(bergen_open) == ["A", "B"]


def test_nobody_joins_a_round_robin_once_its_schedule_exists(anna, oslo_invitational):
    from arbiter.core.services.entries import EntryError

    RoundFactory(tournament=oslo_invitational, number=1)
    with pytest.raises(EntryError, match="schedule is fixed"):
        add_entry(anna, oslo_invitational, {"name": "Late, Comer"})
    with pytest.raises(EntryError, match="schedule is fixed"):
        import_entries(anna, oslo_invitational, [{"name": "Late, Comer"}])
    assert not oslo_invitational.entries.filter(name="Late, Comer").exists()


def test_a_player_entered_by_mistake_is_deleted_and_the_numbers_close_up(
    anna, trondheim_open, trondheim_players
):
    from arbiter.core.services.entries import delete_entry

    mistake = trondheim_players[2]
    delete_entry(anna, mistake)
    assert trondheim_open.entries.count() == 9
    numbers = sorted(trondheim_open.entries.values_list("starting_number", flat=True))
    assert numbers == list(range(1, 10))
    entry = AuditEntry.objects.get(action="entry.delete")
    assert entry.before["name"] == mistake.name and entry.user == anna


def test_a_player_who_has_played_is_not_deleted_but_withdrawn(anna, trondheim_open):
    from arbiter.core.services.entries import EntryError, delete_entry
    from pairing.rounds import services as rounds

    played = rounds.pair_next_round(anna, trondheim_open).games.get(board=1).white
    with pytest.raises(EntryError, match="is in round 1: withdraw them instead"):
        delete_entry(anna, played)
    assert trondheim_open.entries.filter(pk=played.pk).exists()

"""A late entry never moves published starting numbers silently (C.04.2: numbers may be
re-assigned until round 4 is paired): the arbiter is asked, shown who moves, and answers rank
or keep; an answer given on a page that no longer tells what would happen is refused."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.core.models import AuditEntry, Round
from arbiter.core.services.entries import (
    KEEP,
    RANK,
    EntryError,
    NumbersWouldMove,
    add_entry,
    import_entries,
    late_entry_renumbering,
)
from arbiter.core.systems import System
from pairing.rounds import services as rounds
from tests.factories import EntryFactory, RoundFactory, TournamentFactory
from tests.pairing.conftest import play

pytestmark = pytest.mark.django_db

STRONG = {"name": "Late, Magnus", "rating": 2395}  # between the old numbers 1 (2400) and 2 (2390)


def numbers(tournament) -> dict[str, int]:
    return dict(tournament.entries.values_list("name", "starting_number"))


@pytest.fixture
def after_round_one(anna, trondheim_open):
    play(anna, rounds.pair_next_round(anna, trondheim_open))
    return trondheim_open


def test_a_late_entry_that_would_move_numbers_asks_and_adds_nobody(anna, after_round_one):
    before = numbers(after_round_one)
    with pytest.raises(NumbersWouldMove) as asked:
        add_entry(anna, after_round_one, STRONG)
    question = asked.value.renumbering
    assert (question.name, question.number, question.appended) == ("Late, Magnus", 2, 11)
    assert [(m.name, m.old, m.new) for m in question.moves] == [
        (f"Player {n:02d}, Trondheim", n, n + 1) for n in range(2, 11)
    ]
    assert "would be number 2 and 9 players already paired" in str(asked.value)
    assert numbers(after_round_one) == before
    assert not AuditEntry.objects.filter(action="entry.add").exists()


def test_the_answer_rank_moves_the_numbers_shown(anna, after_round_one):
    seen = late_entry_renumbering(after_round_one, STRONG).seen
    late = add_entry(anna, after_round_one, STRONG, numbers=RANK, seen=seen)
    assert late.starting_number == 2
    assert numbers(after_round_one)["Player 02, Trondheim"] == 3
    assert sorted(numbers(after_round_one).values()) == list(range(1, 12))
    audit = AuditEntry.objects.get(action="entry.add")
    assert audit.summary == "Added Late, Magnus as number 2; 9 numbers moved"
    assert audit.after["renumbered"]["Player 10, Trondheim"] == [10, 11]


def test_the_answer_keep_appends_the_entrant_and_moves_nobody(anna, after_round_one):
    before = numbers(after_round_one)
    seen = late_entry_renumbering(after_round_one, STRONG).seen
    late = add_entry(anna, after_round_one, STRONG, numbers=KEEP, seen=seen)
    assert late.starting_number == 11
    assert {k: v for k, v in numbers(after_round_one).items() if k != late.name} == before
    audit = AuditEntry.objects.get(action="entry.add")
    assert audit.summary == "Added Late, Magnus as number 11; every other number kept"


def test_an_answer_from_a_stale_page_is_refused_with_who_moves_differently_now(
    anna, dag, after_round_one
):
    """Two tabs: both were asked about a late entry; the second one added someone first."""
    seen = late_entry_renumbering(after_round_one, STRONG).seen
    other = {"name": "Later, Hikaru", "rating": 2385}  # ranks between old 2 and 3
    add_entry(
        dag,
        after_round_one,
        other,
        numbers=RANK,
        seen=late_entry_renumbering(after_round_one, other).seen,
    )
    before = numbers(after_round_one)
    for answer in (RANK, KEEP):
        with pytest.raises(NumbersWouldMove) as refused:
            add_entry(anna, after_round_one, STRONG, numbers=answer, seen=seen)
        assert "Since the page was shown the starting numbers changed" in str(refused.value)
        now = refused.value.renumbering
        moved_differently = {m.name for m in now.moves if m.pk in refused.value.changed}
        assert moved_differently == {f"Player {n:02d}, Trondheim" for n in range(3, 11)} | {
            "Later, Hikaru"
        }
        assert 0 in refused.value.changed  # the entrant's own "or number 12" changed too
        assert numbers(after_round_one) == before
    # answered on the fresh question, it goes through
    assert (
        add_entry(anna, after_round_one, STRONG, numbers=RANK, seen=now.seen).starting_number == 2
    )


@pytest.mark.parametrize("seen", ["", "garbage", "2/11|" + "9" * 300_000])
def test_an_unreadable_answer_is_a_question_again(anna, after_round_one, seen):
    with pytest.raises(NumbersWouldMove) as refused:
        add_entry(anna, after_round_one, STRONG, numbers=RANK, seen=seen)
    assert refused.value.changed  # everything is "changed" when the page's view is unknown
    assert not after_round_one.entries.filter(name="Late, Magnus").exists()


def test_nobody_is_asked_when_nobody_moves(anna, after_round_one):
    weakest = add_entry(anna, after_round_one, {"name": "Late, Weak", "rating": 1000})
    assert weakest.starting_number == 11


def test_nobody_is_asked_before_round_one_the_list_is_provisional(anna, trondheim_open):
    late = add_entry(anna, trondheim_open, STRONG)
    assert late.starting_number == 2


def test_nobody_is_asked_once_round_four_is_paired_the_entrant_takes_the_next_number(
    anna, trondheim_open
):
    for seed in range(4):
        play(anna, rounds.pair_next_round(anna, trondheim_open), seed=seed)
    assert late_entry_renumbering(trondheim_open, STRONG) is None
    assert add_entry(anna, trondheim_open, STRONG).starting_number == 11


def test_a_confirmed_ranking_that_no_longer_applies_is_refused(anna, trondheim_open):
    """The page asked after round 3; round 4 was paired before the answer: numbers are fixed
    now (C.04.2), so the entrant would not get the number the page showed."""
    for seed in range(3):
        play(anna, rounds.pair_next_round(anna, trondheim_open), seed=seed)
    seen = late_entry_renumbering(trondheim_open, STRONG).seen
    rounds.publish_round(anna, rounds.pair_next_round(anna, trondheim_open))
    with pytest.raises(
        EntryError, match="ranking Late, Magnus by rating now moves nobody's number"
    ):
        add_entry(anna, trondheim_open, STRONG, numbers=RANK, seen=seen)
    assert add_entry(anna, trondheim_open, STRONG, numbers=KEEP, seen=seen).starting_number == 11


def test_a_list_imported_after_a_round_keeps_every_published_number(anna, after_round_one):
    before = numbers(after_round_one)
    import_entries(
        anna,
        after_round_one,
        [{"name": "Late, A", "rating": 2500}, {"name": "Late, B", "rating": 2600}],
    )
    after = numbers(after_round_one)
    assert {k: after[k] for k in before} == before
    assert (after["Late, B"], after["Late, A"]) == (11, 12)


def test_a_corrected_rating_that_would_move_numbers_asks_too(anna, after_round_one):
    from arbiter.core.services.entries import correction_renumbering, update_entry

    tenth = after_round_one.entries.get(name="Player 10, Trondheim")
    corrected = {"name": tenth.name, "rating": 2395}  # now between numbers 1 and 2
    before = numbers(after_round_one)
    with pytest.raises(NumbersWouldMove) as asked:
        update_entry(anna, tenth, corrected)
    question = asked.value.renumbering
    assert (question.number, question.appended) == (2, 10)
    first = question.moves[0]
    assert (first.name, first.old, first.new) == ("Player 02, Trondheim", 2, 3)
    assert (question.moves[-1].name, question.moves[-1].new) == ("Player 10, Trondheim", 2)
    assert numbers(after_round_one) == before
    tenth.refresh_from_db()
    assert tenth.rating == 2310  # nothing saved

    seen = correction_renumbering(tenth, corrected).seen
    update_entry(anna, tenth, corrected, numbers=KEEP, seen=seen)
    tenth.refresh_from_db()
    assert tenth.rating == 2395 and numbers(after_round_one) == before
    assert AuditEntry.objects.get(action="entry.update").summary == (
        "Changed Player 10, Trondheim: rating; every number kept"
    )


def test_a_correction_answered_rank_re_ranks_and_other_edits_ask_nothing(anna, after_round_one):
    from arbiter.core.services.entries import correction_renumbering, update_entry

    tenth = after_round_one.entries.get(name="Player 10, Trondheim")
    update_entry(anna, tenth, {"name": tenth.name, "rating": 2310, "club": "Oslo SK"})
    corrected = {"name": tenth.name, "rating": 2395}
    seen = correction_renumbering(tenth, corrected).seen
    update_entry(anna, tenth, corrected, numbers=RANK, seen=seen)
    assert numbers(after_round_one)["Player 10, Trondheim"] == 2
    assert numbers(after_round_one)["Player 09, Trondheim"] == 10
    assert AuditEntry.objects.filter(action="entry.update").latest("pk").summary == (
        "Changed Player 10, Trondheim: rating; 9 numbers moved"
    )


def test_the_import_page_says_a_list_after_a_round_kept_every_number(anna_client, after_round_one):
    from django.urls import reverse

    url = reverse("players_import", args=[after_round_one.pk])
    response = anna_client.post(url, {"text": 'name,rating\n"Late, A",2500\n'}, follow=True)
    assert "every number already published was kept" in response.content.decode()
    assert numbers(after_round_one)["Late, A"] == 11


def test_a_namesake_with_the_same_rating_is_numbered_as_the_question_said(anna, after_round_one):
    twin = {"name": "Player 05, Trondheim", "rating": 2360}  # ties number 5 on every criterion
    question = late_entry_renumbering(after_round_one, twin)
    assert question.number == 6
    late = add_entry(anna, after_round_one, twin, numbers=RANK, seen=question.seen)
    assert late.starting_number == 6
    assert after_round_one.entries.exclude(pk=late.pk).get(name=twin["name"]).starting_number == 5
    numbered = after_round_one.entries.values_list("starting_number", flat=True)
    assert sorted(numbered) == list(range(1, 12))


def test_deleting_a_late_entrant_shows_who_moves_back_and_a_stale_page_is_refused(
    anna, after_round_one
):
    from arbiter.core.services.entries import delete_entry, deletion_moves, moves_seen

    published = numbers(after_round_one)
    seen = late_entry_renumbering(after_round_one, STRONG).seen
    mistake = add_entry(anna, after_round_one, STRONG, numbers=RANK, seen=seen)
    moves = deletion_moves(mistake)
    assert [(m.name, m.old, m.new) for m in moves] == [
        (f"Player {n:02d}, Trondheim", n + 1, n) for n in range(2, 11)
    ]
    with pytest.raises(EntryError, match="Nothing was deleted; look again"):
        delete_entry(anna, mistake)  # a page that showed no moves
    delete_entry(anna, mistake, seen=moves_seen(moves))
    assert numbers(after_round_one) == published


def test_deleting_an_appended_entrant_moves_nobody(anna, after_round_one):
    from arbiter.core.services.entries import delete_entry, deletion_moves

    weak = add_entry(anna, after_round_one, {"name": "Late, Weak", "rating": 1000})
    assert deletion_moves(weak) == ()
    delete_entry(anna, weak)
    assert not after_round_one.entries.filter(name="Late, Weak").exists()


FIELDS = st.lists(
    st.tuples(st.integers(1000, 2800), st.sampled_from(["", "GM", "IM", "FM"])),
    min_size=2,
    max_size=12,
)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    field=FIELDS,
    entrant=st.tuples(st.integers(1000, 2800), st.sampled_from(["", "GM", "IM", "FM"])),
    answer=st.sampled_from([RANK, KEEP]),
    keep_first=st.booleans(),
)
def test_the_numbers_after_an_answer_are_the_ones_the_question_showed(
    anna, field, entrant, answer, keep_first
):
    """Whatever the field (and a first late entrant kept out of rating order or not): after
    "rank" every number is the one the question listed, after "keep" no published number
    moved; the numbers always run 1..n without a gap."""
    swiss = TournamentFactory(system=System.SWISS_DUTCH, chief=anna)
    ranked = sorted(field, key=lambda player: -player[0])
    for number, (rating, title) in enumerate(ranked, start=1):
        EntryFactory(tournament=swiss, rating=rating, title=title, starting_number=number)
    RoundFactory(tournament=swiss, number=1, state=Round.State.PUBLISHED)

    def late(name: str, rating: int, title: str, how: str):
        data = {"name": name, "rating": rating, "title": title}
        question = late_entry_renumbering(swiss, data)
        if question is None:
            return add_entry(anna, swiss, data), None
        return add_entry(anna, swiss, data, numbers=how, seen=question.seen), question

    late("Late, First", 2900, "", KEEP if keep_first else RANK)
    before = dict(swiss.entries.values_list("pk", "starting_number"))
    added, question = late("Late, Second", *entrant, answer)
    after = dict(swiss.entries.values_list("pk", "starting_number"))
    assert sorted(after.values()) == list(range(1, len(after) + 1))
    if question is None:
        assert {pk: after[pk] for pk in before} == before
        assert added.starting_number == len(after)
    elif answer == KEEP:
        assert {pk: after[pk] for pk in before} == before
        assert added.starting_number == question.appended
    else:
        assert added.starting_number == question.number
        moved = {move.pk: move.new for move in question.moves}
        assert {pk: after[pk] for pk in before} == {**before, **moved}

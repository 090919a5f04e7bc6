"""The Varma drawing (C.05 Annex 2) and the computed separation beyond the tables."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engines.berger import meeting_rounds, table_size
from pairing.engines.group_separation import (
    Drawer,
    assignment_cost,
    same_group_meetings,
    separate_groups,
)
from pairing.engines.varma import (
    PRINTED_TABLE,
    Drawing,
    VarmaError,
    draw,
    drawing_order,
    envelopes,
    table_row,
    tables_fit,
)


def clashes_in_last_rounds(table, players: int, last: int = 3) -> list[tuple[int, int, int]]:
    rounds = meeting_rounds(players)
    final_rounds = table_size(players) - 1
    clashes = []
    for group in table:
        members = [n for n in group if n <= players]
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                r = rounds[frozenset((a, b))]
                if r > final_rounds - last:
                    clashes.append((a, b, r))
    return clashes


@pytest.mark.parametrize("players", range(9, 25))
def test_no_two_numbers_of_a_group_meet_in_the_last_three_rounds(players):
    assert clashes_in_last_rounds(table_row(players), players) == []


def test_the_printed_11_12_row_lets_6_and_12_meet_in_the_last_round():
    assert clashes_in_last_rounds(PRINTED_TABLE[12], 12) == [(6, 12, 11)]
    assert clashes_in_last_rounds(PRINTED_TABLE[12], 11) == []


@pytest.mark.parametrize("size", sorted(PRINTED_TABLE))
def test_every_row_holds_each_number_once(size):
    numbers = sorted(n for group in table_row(size) for n in group)
    assert numbers == list(range(1, size + 1))


@pytest.mark.parametrize("players", range(9, 25))
def test_only_twelve_players_leave_the_printed_row(players):
    printed = PRINTED_TABLE[table_size(players)]
    assert (table_row(players) != printed) is (players == 12)


def test_eleven_players_draw_from_the_printed_envelopes_of_four_three_two_and_two():
    # C.05 Annex 2, 11/12 players: A (4, 5, 9, 10), B (1, 2, 7), C (6, 8, 12), D (3, 11); 12 is
    # the bye number of an 11-player field.
    assert [e.numbers for e in envelopes(11)] == [(4, 5, 9, 10), (1, 2, 7), (6, 8), (3, 11)]


def test_twelve_players_draw_from_the_corrected_envelopes():
    assert [e.numbers for e in envelopes(12)] == [(4, 5, 9, 10), (1, 2, 7), (6, 8, 11), (3, 12)]


def test_a_field_of_eleven_in_four_three_two_and_two_gets_the_fide_envelopes():
    drawers = field(*["NOR"] * 4, *["SWE"] * 3, *["DEN"] * 2, *["FIN"] * 2)
    assert tables_fit(drawers)
    drawing = draw(drawers, random.Random(11))
    assert drawing.method == "varma"
    row = [set(group) for group in PRINTED_TABLE[12]]
    numbers = drawing.numbers()
    for federation in ("NOR", "SWE", "DEN", "FIN"):
        drawn = {numbers[d.key] for d in drawers if d.group == federation}
        assert any(drawn <= group for group in row), (federation, drawn)


def test_an_odd_field_leaves_the_bye_number_out_of_the_envelopes():
    assert [e.numbers for e in envelopes(9)] == [(3, 4, 8), (5, 7, 9), (1, 6), (2,)]


def test_the_tables_stop_outside_9_to_24_players():
    with pytest.raises(VarmaError, match="9 to 24"):
        envelopes(8)
    with pytest.raises(VarmaError):
        envelopes(25)


def test_the_drawing_order_is_by_federation_size_then_code_then_name():
    drawers = [
        Drawer("1", "Zeta, Ola", "NOR"),
        Drawer("2", "Alpha, Kari", "NOR"),
        Drawer("3", "Brown, Jim", "ENG"),
        Drawer("4", "Adams, Sam", "ENG"),
        Drawer("5", "Olsen, Per", "DEN"),
        Drawer("6", "Berg, Eva", "SWE"),
        Drawer("7", "Nobody, Free", ""),
        Drawer("8", "Aasen, Tor", "NOR"),
    ]
    names = [d.name for d in drawing_order(drawers)]
    assert names == [
        "Aasen, Tor",  # NOR, three players
        "Alpha, Kari",
        "Zeta, Ola",
        "Adams, Sam",  # ENG, two players
        "Brown, Jim",
        "Olsen, Per",  # DEN before SWE: one player each, by code
        "Berg, Eva",
        "Nobody, Free",  # no federation: last
    ]


def field(*feds: str) -> list[Drawer]:
    return [Drawer(str(i), f"Player {i:02d}", fed) for i, fed in enumerate(feds)]


def fitting_ten() -> list[Drawer]:
    return field(*["NOR"] * 3, *["SWE"] * 3, "DEN", "DEN", "FIN", "ISL")


def three_federations_of_ten() -> list[Drawer]:
    return field(*["NOR"] * 4, *["SWE"] * 3, *["DEN"] * 3)


@pytest.mark.parametrize(
    ("feds", "fits"),
    [
        (["NOR"] * 3 + ["SWE"] * 3 + ["DEN"] * 2 + ["FIN", "ISL"], True),
        (["NOR"] * 4 + ["SWE"] * 3 + ["DEN"] * 3, False),  # no envelope holds four
        (["NOR"] * 3 + ["SWE"] * 3 + ["DEN"] * 3 + ["FIN"], False),  # the third three cannot fit
        (["NOR", "SWE"] * 4, False),  # eight players: no table
    ],
)
def test_the_tables_fit_only_if_every_federation_can_draw_whole(feds, fits):
    assert tables_fit(field(*feds)) is fits


def test_the_first_of_a_federation_picks_an_envelope_big_enough():
    drawing = Drawing.start(fitting_ten())  # A 3, B 3, C 2, D 2 numbers
    assert drawing.method == "varma"
    assert drawing.next_drawer.group == "NOR"
    assert drawing.allowed_envelopes() == ("A", "B")


def test_the_rest_of_a_federation_draws_from_the_same_envelope():
    drawing = Drawing.start(fitting_ten()).pick("A", 4)
    assert drawing.allowed_envelopes() == ("A",)
    with pytest.raises(VarmaError, match="must draw from envelope A"):
        drawing.pick("B", 5)


def test_a_number_cannot_be_drawn_twice_or_from_the_wrong_envelope():
    drawing = Drawing.start(fitting_ten()).pick("A", 4)
    with pytest.raises(VarmaError, match="not left"):
        drawing.pick("A", 4)
    with pytest.raises(VarmaError, match="not left"):
        drawing.pick("A", 5)


def test_replaying_all_but_the_last_pick_undoes_it():
    drawers = fitting_ten()
    full = draw(drawers, random.Random(7))
    undone = Drawing.replay(drawers, full.picks[:-1])
    assert undone.next_drawer == full.order[-1]
    assert len(undone.picks) == len(full.picks) - 1


def test_the_same_seed_gives_the_same_draw():
    for drawers in (fitting_ten(), three_federations_of_ten()):
        assert draw(drawers, random.Random(2026)).picks == draw(drawers, random.Random(2026)).picks
    assert (
        draw(fitting_ten(), random.Random(1)).numbers()
        != draw(fitting_ten(), random.Random(2)).numbers()
    )


def test_everyone_gets_a_different_number_from_1_to_n():
    numbers = draw(fitting_ten(), random.Random(3)).numbers()
    assert sorted(numbers.values()) == list(range(1, 11))


def test_federations_that_fit_never_meet_in_the_last_three_rounds():
    drawers = fitting_ten()
    for seed in range(30):
        drawing = draw(drawers, random.Random(seed))
        assert all(m.round <= 6 for m in same_group_meetings(drawing.numbers(), drawers))


def test_where_the_tables_do_not_fit_each_federation_draws_from_its_computed_envelope():
    drawers = three_federations_of_ten()
    drawing = Drawing.start(drawers, seed=9)
    assert drawing.method == "computed"
    assert [(e.label, len(e.numbers)) for e in drawing.envelopes] == [
        ("DEN", 3),
        ("NOR", 4),
        ("SWE", 3),
    ]
    assert drawing.next_drawer.group == "NOR"
    assert drawing.allowed_envelopes() == ("NOR",)


def test_a_computed_drawing_keeps_three_federations_of_ten_apart_at_the_end():
    drawers = three_federations_of_ten()
    for seed in range(10):
        drawing = Drawing.start(drawers, seed=seed)
        rng = random.Random(seed)
        while not drawing.finished:
            drawing = drawing.pick_at_random(rng)
        assert all(m.round <= 6 for m in same_group_meetings(drawing.numbers(), drawers))


def test_players_without_compatriots_share_the_others_envelope():
    drawers = field(*["NOR"] * 5, "SWE", "DEN", "", "", "FIN")
    drawing = Drawing.start(drawers, seed=1)
    others = [e for e in drawing.envelopes if e.label == "Others"]
    assert len(others) == 1 and len(others[0].numbers) == 5


def test_a_duplicate_player_is_refused():
    with pytest.raises(VarmaError, match="once"):
        Drawing.start([Drawer("1", "A", "NOR"), Drawer("1", "A", "NOR")] * 5)


def test_separation_puts_a_small_field_s_compatriots_early():
    drawers = [Drawer(str(i), f"P{i}", fed) for i, fed in enumerate("AABBCCDD")]
    numbers = separate_groups(drawers, random.Random(1))
    assert sorted(numbers.values()) == list(range(1, 9))
    assert assignment_cost(numbers, drawers)[0] == 0  # nobody of one group in rounds 5-7


def test_separation_is_reproducible_from_the_seed():
    drawers = [Drawer(str(i), f"P{i}", fed) for i, fed in enumerate("AAAABBBCCDE" * 3)]
    assert separate_groups(drawers, random.Random(5)) == separate_groups(drawers, random.Random(5))


federation_mixes = st.lists(
    st.sampled_from(["NOR", "SWE", "DEN", "FIN", "ISL", ""]), min_size=9, max_size=24
)


@settings(max_examples=40, deadline=None)
@given(feds=federation_mixes, seed=st.integers(0, 2**32))
def test_the_computed_assignment_beats_or_equals_the_varma_drawing(feds, seed):
    drawers = [Drawer(str(i), f"P{i:02d}", fed) for i, fed in enumerate(feds)]
    varma = draw(drawers, random.Random(seed)).numbers()
    computed = separate_groups(drawers, random.Random(seed), start=varma, restarts=2)
    assert sorted(computed.values()) == list(range(1, len(feds) + 1))
    assert assignment_cost(computed, drawers) <= assignment_cost(varma, drawers)


@settings(max_examples=60, deadline=None)
@given(feds=federation_mixes, seed=st.integers(0, 2**32))
def test_a_varma_drawing_never_lets_compatriots_meet_in_the_last_three_rounds(feds, seed):
    drawers = [Drawer(str(i), f"P{i:02d}", fed) for i, fed in enumerate(feds)]
    drawing = draw(drawers, random.Random(seed))
    assert sorted(drawing.numbers().values()) == list(range(1, len(feds) + 1))
    if drawing.method == "varma":
        last_safe = table_size(len(feds)) - 1 - 3
        assert all(m.round <= last_safe for m in same_group_meetings(drawing.numbers(), drawers))


def test_compatriots_draw_in_their_own_alphabetical_order():
    norwegians = [
        Drawer("1", "Åsen, Kari", "NOR", "NOR"),
        Drawer("2", "Ødegaard, Per", "NOR", "NOR"),
        Drawer("3", "Ærø, Ib", "NOR", "NOR"),
        Drawer("4", "Zahl, Ola", "NOR", "NOR"),
    ]
    swedes = [
        Drawer("5", "Öberg, Jan", "SWE", "SWE"),
        Drawer("6", "Ängel, Eva", "SWE", "SWE"),
        Drawer("7", "Åberg, Ulf", "SWE", "SWE"),
    ]
    names = [d.name for d in drawing_order(norwegians + swedes)]
    assert names == [
        "Zahl, Ola",  # Norwegian: Z, Æ, Ø, Å
        "Ærø, Ib",
        "Ødegaard, Per",
        "Åsen, Kari",
        "Åberg, Ulf",  # Swedish: Å, Ä, Ö
        "Ängel, Eva",
        "Öberg, Jan",
    ]


def test_a_club_drawing_still_orders_names_by_the_player_s_federation():
    club = [Drawer("1", "Øst, Li", "Oslo SK", "NOR"), Drawer("2", "Zahl, Ola", "Oslo SK", "NOR")]
    assert [d.name for d in drawing_order(club)] == ["Zahl, Ola", "Øst, Li"]

"""Properties of the Monrad engine over random seasons: random attendance, random results."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engines.monrad import Evening, Game, Player, Settings, pair_evening, season

RESULTS = ["1-0", "0-1", "1/2", "1-0", "0-1", "+-"]


def pairings(ids):
    """Every way to pair an even list of ids."""
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for index, partner in enumerate(rest):
        for others in pairings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *others]


def repeat_free_exists(present, met, had_bye):
    """Brute force, independent of the engine: a bye (to someone without one, if anyone present
    has none) and pairs of players who have not met."""
    if len(present) % 2 == 0:
        choices = [None]
    else:
        fresh = [p for p in present if p not in had_bye]
        choices = fresh or present
    for bye in choices:
        rest = [p for p in present if p != bye]
        for pairs in pairings(rest):
            if all(frozenset(pair) not in met for pair in pairs):
                return True
    return False


seasons = st.fixed_dictionaries(
    {
        "members": st.integers(min_value=2, max_value=11),
        "evenings": st.lists(
            st.tuples(
                st.lists(st.booleans(), min_size=11, max_size=11),  # who comes
                st.lists(st.sampled_from(RESULTS), min_size=6, max_size=6),  # the results
            ),
            min_size=1,
            max_size=9,
        ),
        "order": st.sampled_from(["previous", "number"]),
        "scoring": st.sampled_from(["3-2-1", "1-0.5-0"]),
    }
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(seasons)
def test_random_seasons_keep_the_rules(data):
    options = Settings(scoring=data["scoring"], tie_order=data["order"])
    players = [Player(str(n), n) for n in range(1, data["members"] + 1)]
    played: list[Evening] = []
    for attendance, results in data["evenings"]:
        present = [p.id for p, comes in zip(players, attendance, strict=False) if comes]
        if len(present) < 2:
            continue
        cards = {c.id: c for c in season(players, played, options)}
        met = {frozenset((c.id, o)) for c in cards.values() for o in c.opponents}
        had_bye = {c.id for c in cards.values() if c.had_bye}
        pairing = pair_evening(players, played, present, options)
        position = {c.id: c.position for c in pairing.cards}

        # Everyone present is paired once, or has the bye.
        seated = [p for b in pairing.boards for p in (b.white, b.black)]
        seated += [pairing.bye] if pairing.bye else []
        assert sorted(seated) == sorted(present)

        # No two players meet twice while a repeat-free pairing exists.
        if repeat_free_exists(present, met, had_bye):
            assert pairing.repeats == 0
        assert pairing.repeats == sum(frozenset((b.white, b.black)) in met for b in pairing.boards)

        # Nobody gets two byes (unless everyone present has had one, which is marked).
        if pairing.bye is not None:
            if any(p not in had_bye for p in present):
                assert pairing.bye not in had_bye and not pairing.second_bye
            else:
                assert pairing.second_bye

        # Colours: White never had more Whites than Black; on equal Whites White is placed lower.
        for board in pairing.boards:
            white, black = cards[board.white], cards[board.black]
            assert white.whites <= black.whites
            if white.whites == black.whites:
                assert position[board.white] > position[board.black]

        games = tuple(
            Game(b.white, b.black, result)
            for b, result in zip(pairing.boards, results, strict=False)
        )
        played.append(Evening(games, pairing.bye))

        # So after the game the two players' White counts differ by at most one in White's
        # favour: the rule never lets a player pile up Whites against his opponent.
        after = {c.id: c for c in season(players, played, options)}
        for board in pairing.boards:
            assert after[board.white].whites <= after[board.black].whites + 1

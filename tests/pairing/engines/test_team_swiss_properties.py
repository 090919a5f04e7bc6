"""Whatever the history, a team Swiss round is a legal round (C.04.6 [C1], [C2], art. 3.3.2)."""

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engines.team_swiss import NoValidPairing, Rules, TeamState, pair_round


@st.composite
def histories(draw):
    n = draw(st.integers(min_value=2, max_value=14))
    teams = []
    met: dict[int, set[int]] = {t: set() for t in range(1, n + 1)}
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            if draw(st.booleans()) and draw(st.booleans()):
                met[a].add(b)
                met[b].add(a)
    for t in range(1, n + 1):
        score = Fraction(draw(st.integers(min_value=0, max_value=12)), 2)
        colours = draw(st.text(alphabet="wb", max_size=6))
        teams.append(
            TeamState(
                tpn=t,
                score=score,
                primary=score,
                secondary=Fraction(draw(st.integers(0, 20)), 2),
                colours=colours,
                floated=draw(st.booleans()),
                opponents=frozenset(met[t]),
                bye_barred=draw(st.booleans()),
                present=draw(st.integers(0, 9)) > 0,
            )
        )
    model = draw(st.sampled_from(["typea", "typeb", "none"]))
    rnd = draw(st.integers(min_value=1, max_value=9))
    return teams, Rules(round=rnd, rounds=9, colour_model=model)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories())
def test_every_present_team_is_paired_once_with_someone_it_has_not_met(case):
    teams, rules = case
    try:
        pairing = pair_round(teams, rules)
    except NoValidPairing:
        return
    present = {t.tpn for t in teams if t.present}
    by_tpn = {t.tpn: t for t in teams}
    seen = [x for m in pairing.matches for x in (m.white, m.black)]
    if pairing.bye is not None:
        seen.append(pairing.bye)
        assert not by_tpn[pairing.bye].bye_barred  # [C2]
    assert sorted(seen) == sorted(present)
    for m in pairing.matches:
        assert m.black not in by_tpn[m.white].opponents  # [C1]
    assert pair_round(teams, rules) == pairing  # deterministic

"""The Random Tournament Generator (pairing/engines/generator.py, checklist Q22, Q24): the same
file for the same configuration, every option where it belongs, every round the engine's."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engines.dutch import NoValidPairing
from pairing.engines.fide_check import check_file
from pairing.engines.generator import GeneratorConfig, Rate, generate, generate_text
from pairing.engines.trf import parse_trf

BUSY = GeneratorConfig(
    players=15,
    rounds=7,
    seed=11,
    half_point_byes=Rate(count=3),
    full_point_byes=Rate(count=1),
    zero_point_byes=Rate(count=2),
    forfeits=Rate(count=2),
    withdrawals=Rate(count=1),
    unusual_results=Rate(count=3),
)


def codes(t, *wanted):
    return [r.code for p in t.players for r in p.results if r.code in wanted]


def test_the_same_configuration_gives_the_same_file_and_another_seed_another():
    assert generate_text(BUSY) == generate_text(BUSY)
    other = GeneratorConfig(**{**BUSY.__dict__, "seed": 12})
    assert generate_text(other) != generate_text(BUSY)


def test_the_first_line_records_the_configuration():
    first = generate_text(BUSY).splitlines()[0]
    assert first == (
        "### RTG seed=11 players=15 rounds=7 rules=2026 hpb=3 fpb=1 zpb=2 forfeits=2 "
        "withdrawals=1 unusual=3 tiebreaks=BH/C1,BH,SB ratings=2400:1400"
    )


def test_counts_are_counts_over_the_whole_tournament():
    t = generate(BUSY)
    assert len(codes(t, "H")) == 3 and len(codes(t, "F")) == 1 and len(codes(t, "Z")) == 2
    assert len(codes(t, "+")) == 2 and len(codes(t, "-")) == 2  # two forfeits, both sides
    shorter = [p for p in t.players if len(p.results) < 7]
    assert len(shorter) == 1  # the withdrawn player is not paired after withdrawing
    unusual = 0
    for p in t.players:
        for r in p.results:
            if r.opponent is not None and r.colour == "w":
                theirs = t.players[r.opponent - 1].results[p.results.index(r)].code
                unusual += (r.code, theirs) in (("=", "0"), ("0", "="), ("0", "0"))
    assert unusual == 3


def test_a_percentage_is_drawn_chance_by_chance():
    config = GeneratorConfig(players=20, rounds=5, seed=3, half_point_byes=Rate(percent=10))
    assert 3 <= len(codes(generate(config), "H")) <= 20  # about 10 of 100 player-rounds


@pytest.mark.parametrize(
    "text, rate",
    [("5", Rate(count=5)), ("2.5%", Rate(percent=2.5)), ("0", Rate()), (" 10% ", Rate(percent=10))],
)
def test_a_rate_is_a_count_or_a_percentage(text, rate):
    assert Rate.parse(text) == rate


@pytest.mark.parametrize("text", ["", "x", "2.5", "-1", "101%"])
def test_anything_else_is_no_rate(text):
    with pytest.raises(ValueError):
        Rate.parse(text)


def test_the_file_is_complete_trf_2026_with_the_rule_set_in_the_start_date():
    t = parse_trf(generate_text(BUSY))
    assert t.format == "TRF26" and t.adjustments == ()
    assert t.start_date == "2026/04/06" and t.rounds == 7 and t.initial_colour in "wb"
    assert t.system == "FIDE_DUTCH_2025"  # the endorsed engine's spelling of the 2026 rules
    assert t.header("202") == "BH/C1,BH,SB" and t.header("212") == "PTS,BH/C1,BH,SB"
    announced = sorted((k, r, p) for k, r, ids in t.byes for p in ids)  # record 240
    written = [(r.code, n, p.number) for p in t.players for n, r in enumerate(p.results, 1)]
    assert announced == sorted(w for w in written if w[0] in "HFZ") and len(announced) == 6
    assert all(p.rank for p in t.players)
    old = parse_trf(generate_text(GeneratorConfig(players=8, rounds=3, seed=1, rules="2017")))
    assert old.start_date == "2025/06/02" and old.system == "FIDE_DUTCH_2017"


def test_baku_acceleration_is_written_as_250_records_and_in_192():
    config = GeneratorConfig(players=12, rounds=5, seed=2, baku=True, initial_colour="w")
    text = generate_text(config)
    assert "192 FIDE_DUTCH_2025_BAKU" in text and "152 W" in text
    # C.04.7: the first half (6) gets a win's point in rounds 1-2, a draw's in round 3
    assert [line for line in text.splitlines() if line[:3] == "250"] == [
        "250  0.0  1.0   1   1    1    6",
        "250  0.0  1.0   2   2    1    6",
        "250  0.0  0.5   3   3    1    6",
    ]


def test_the_250_records_hold_the_baku_group_of_the_rule_text():
    # C.04.7: 14 players, GA = the first half rounded up to an even number: 8 (bbpPairings' own
    # Baku would take 7; it follows the 250 records the file gives)
    text = generate_text(GeneratorConfig(players=14, rounds=5, seed=3, baku=True))
    assert {line[22:] for line in text.splitlines() if line[:3] == "250"} == {"   1    8"}


def test_the_ranks_are_the_standings_of_the_declared_tie_breaks():
    report = check_file(generate_text(BUSY))
    assert report.standings.tiebreaks == ("BH-C1", "BH", "SB")
    assert [p.file_rank for p in report.standings.players] == [
        p.low for p in report.standings.players
    ]


def test_more_rounds_than_the_players_allow_is_no_valid_pairing():
    with pytest.raises(NoValidPairing):
        generate(GeneratorConfig(players=4, rounds=5, seed=1))


@pytest.mark.parametrize(
    "change",
    [
        {"players": 1},
        {"rules": "2020"},
        {"top_rating": 1000},
        {"draw_rate": 2.0},
        {"tiebreaks": ("XX",)},
    ],
)
def test_a_configuration_that_cannot_be_generated_is_refused(change):
    with pytest.raises(ValueError):
        GeneratorConfig(**{**BUSY.__dict__, **change}).validate()


rates = st.one_of(
    st.builds(Rate, count=st.integers(0, 4)),
    st.builds(Rate, percent=st.sampled_from([0.0, 2.0, 5.0, 10.0])),
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(6, 24),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 10**6),
    rules=st.sampled_from(["2017", "2026"]),
    baku=st.booleans(),
    hpb=rates,
    fpb=rates,
    zpb=rates,
    forfeits=rates,
    withdrawals=rates,
    unusual=rates,
)
def test_a_generated_tournament_checks_without_a_difference(
    players, rounds, seed, rules, baku, hpb, fpb, zpb, forfeits, withdrawals, unusual
):
    config = GeneratorConfig(
        players=players,
        rounds=min(rounds, players - 2),
        seed=seed,
        rules=rules,
        baku=baku,
        half_point_byes=hpb,
        full_point_byes=fpb,
        zero_point_byes=zpb,
        forfeits=forfeits,
        withdrawals=withdrawals,
        unusual_results=unusual,
    )
    try:
        text = generate_text(config)
    except NoValidPairing:
        return  # a field too small for its rounds (and its byes): nothing to check
    report = check_file(text)
    assert report.ok, [str(d) for r in report.rounds for d in r.differences] + [
        str(p) for p in report.standings.discrepancies
    ]


# -- the command ------------------------------------------------------------------------------


def test_the_command_writes_the_same_files_for_the_same_arguments(tmp_path):
    from pairing.__main__ import main

    args = ["generate", "--players", "10", "--rounds", "4", "--seed", "5", "--count", "3"]
    args += ["--hpb", "1", "--forfeits", "5%", "--baku", "--tiebreaks", "BH/C1,SB"]
    assert main([*args, "-o", str(tmp_path / "a%02d.trf")]) == 0
    assert main([*args, "-o", str(tmp_path / "b{n}.trf")]) == 0
    first = [(tmp_path / f"a{n:02d}.trf").read_text() for n in (1, 2, 3)]
    assert first == [(tmp_path / f"b{n}.trf").read_text() for n in (1, 2, 3)]
    assert [text.splitlines()[0].split()[2] for text in first] == ["seed=5", "seed=6", "seed=7"]
    assert "212 PTS,BH/C1,SB" in first[0]


@pytest.mark.parametrize(
    "extra, code, message",
    [
        (["--hpb", "2.5"], 3, "neither a count"),
        (["--count", "2"], 3, "pattern"),
        (["--ratings", "high"], 3, "TOP:BOTTOM"),
        (["--tiebreaks", "XYZ"], 3, "XYZ"),
        (["--rounds", "9"], 1, "no legal pairing"),
    ],
)
def test_the_command_refuses_what_it_cannot_generate(tmp_path, capsys, extra, code, message):
    from pairing.__main__ import main

    args = ["generate", "--players", "6", "--rounds", "3", "--seed", "1"]
    args += ["-o", str(tmp_path / "t.trf")]
    assert main([*args, *extra]) == code
    assert message in capsys.readouterr().err


def test_the_command_says_when_it_cannot_write(tmp_path, capsys):
    from pairing.__main__ import main

    args = ["generate", "--players", "6", "--rounds", "3", "--seed", "1"]
    assert main([*args, "-o", str(tmp_path / "missing" / "t.trf")]) == 5
    assert "cannot write" in capsys.readouterr().err

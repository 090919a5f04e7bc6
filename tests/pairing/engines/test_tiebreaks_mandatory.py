"""The round robin's mandatory tie-breaks of FIDE's endorsement checklist (Q104) that C.07 2026
added or renamed: REP (Art. 7.6), STD (7.7), TPN and TPN/R (7.8), RTNG/R (10.6) and Koya's
limits KS/L1, KS/L2, KS/L-1, KS/L-2 (9.2), on hand-computed examples."""

from dataclasses import replace
from decimal import Decimal as D

import pytest

from pairing.engines.tiebreaks import (
    Kind,
    Player,
    RoundResult,
    available_codes,
    check_codes,
    mtb26,
    normalise,
    rank,
)
from tests.pairing.engines.test_tiebreaks import WORKED, tournament, value, values

#: Q104 as the checklist spells it (MTB26).
MANDATORY_ROUND_ROBIN = [
    "DE",
    "BPG",
    "BWG",
    "REP",
    "STD",
    "SB",
    "SB/C1",
    "SB/C2",
    "RTNG",
    "RTNG/R",
    "WIN",
    "TPN",
    "TPN/R",
    "KS",
    "KS/L1",
    "KS/L2",
    "KS/L-1",
    "KS/L-2",
]

# A round robin of four: 1 and 2 on 2 points, 3 on 1.5, 4 on 0.5; the Koya limit is 1.5.
ROUND_ROBIN = tournament(
    [
        (1, 1, 2, "1-0"),
        (1, 3, 4, "1/2"),
        (2, 3, 1, "1-0"),
        (2, 2, 4, "1-0"),
        (3, 1, 4, "1-0"),
        (3, 2, 3, "1-0"),
    ],
    ratings={1: 2000, 2: 1900, 3: 1800, 4: 1700},
)


def koya(code: str) -> dict[int, D]:
    rows = rank(ROUND_ROBIN, [code], round_robin=True)
    return {r.player_id: r.tiebreaks[0] for r in rows}


def order(players: list[Player], codes: list[str], **options) -> list[int]:
    return [r.player_id for r in rank(players, codes, **options)]


def test_every_mandatory_round_robin_tie_break_is_offered_in_its_mtb26_spelling():
    offered = available_codes("2026", round_robin=True)
    assert [normalise(code) for code in MANDATORY_ROUND_ROBIN] == list(
        check_codes(MANDATORY_ROUND_ROBIN, "2026", round_robin=True)
    )
    assert {normalise(code) for code in MANDATORY_ROUND_ROBIN} <= set(offered)
    assert [mtb26(normalise(code)) for code in MANDATORY_ROUND_ROBIN] == MANDATORY_ROUND_ROBIN


def test_a_swiss_offers_the_new_codes_but_not_koya_s_limits():
    swiss = available_codes("2026")
    assert {"REP", "STD", "TPN", "TPN-R", "RTNG-R"} <= set(swiss)
    assert not {"KS", "KS-L1", "KS-L-1"} & set(swiss)
    with pytest.raises(ValueError, match="KS-L-1 is not a 2026 tie-break for a Swiss"):
        check_codes(["KS/L-1"], "2026")


def test_rep_is_the_2023_text_s_ge_and_the_other_new_codes_are_2026_only():
    assert "REP" in available_codes("2023") and "REP" in available_codes("2023", round_robin=True)
    assert not {"STD", "TPN", "TPN-R", "RTNG-R"} & set(available_codes("2023"))
    assert "KS-L-2" in available_codes("2023", round_robin=True)


def test_mtb26_puts_the_first_modifier_after_a_slash():
    assert [mtb26(c) for c in ("BH-C1", "KS-L-1", "ks-l2", "TPN-R", "SB", "ks/l-2")] == [
        "BH/C1",
        "KS/L-1",
        "KS/L2",
        "TPN/R",
        "SB",
        "KS/L-2",
    ]


def test_rep_takes_off_the_half_point_bye_and_the_forfeit_loss():
    # Player 2: won, HPB, forfeit loss, won: 4 - 2. Player 4: PAB, lost, drew, lost: 4.
    # Player 1's forfeit win and PAB are rounds he elected to play.
    assert [value(WORKED, "REP", p) for p in (1, 2, 4)] == [4, 2, 4]


def test_rep_takes_off_zero_point_byes_and_the_rounds_after_a_withdrawal():
    players = tournament(
        [(1, 1, 2, "1-0"), (2, 1, 3, "--")],
        [(1, 3, Kind.ZPB), (2, 2, Kind.PAB)],
    )
    players.append(Player(4, None, (RoundResult(1, Kind.PAB, D(1)),)))  # withdrawn after R1
    assert [value(players, "REP", p) for p in (1, 2, 3, 4)] == [1, 2, 0, 1]


def test_std_is_1_half_0_per_round_against_the_scheduled_opponent_or_a_draw():
    # Player 2: beat 5 (1), HPB = a draw's points (½), forfeit loss (0), beat 4 (1).
    # Player 4: PAB above a draw (1), lost, drew, lost.
    assert [value(WORKED, "STD", p) for p in (1, 2, 4)] == [D(4), D("2.5"), D("1.5")]


def test_std_reads_3_1_0_scoring_as_1_half_0():
    a = (RoundResult(1, Kind.PLAYED, D(3), 2, "w"), RoundResult(2, Kind.PLAYED, D(1), 3, "w"))
    b = (RoundResult(1, Kind.PLAYED, D(0), 1, "b"), RoundResult(2, Kind.HPB, D(1)))
    c = (RoundResult(1, Kind.PAB, D(3)), RoundResult(2, Kind.PLAYED, D(1), 1, "b"))
    players = [Player(1, None, a), Player(2, None, b), Player(3, None, c)]
    options = {"win_points": D(3), "draw_points": D(1)}
    assert [value(players, "STD", p, **options) for p in (1, 2, 3)] == [
        D("1.5"),
        D("0.5"),
        D("1.5"),
    ]


def test_std_compares_unusual_results_and_double_forfeits_with_the_opponent_s_points():
    """Art. 7.7 counts a round as the player's points against the scheduled opponent's: 0-0
    and a double forfeit are level (½ each), ½-0 is more (1) and less (0). FIDE's checker
    compares with a draw's points instead (0, 0, ½, 0: docs/standings.md)."""
    one = (
        RoundResult(1, Kind.PLAYED, D(0), 2, "w"),
        RoundResult(2, Kind.DOUBLE_FORFEIT, D(0), 2),
        RoundResult(3, Kind.PLAYED, D("0.5"), 2, "w"),
    )
    two = (
        RoundResult(1, Kind.PLAYED, D(0), 1, "b"),
        RoundResult(2, Kind.DOUBLE_FORFEIT, D(0), 1),
        RoundResult(3, Kind.PLAYED, D(0), 1, "b"),
    )
    players = [Player(1, None, one), Player(2, None, two)]
    assert value(players, "STD", 1) == D(2)
    assert value(players, "STD", 2) == D(1)


def test_tpn_ranks_the_lower_pairing_number_first_and_tpn_r_the_higher():
    players = [replace(p, tpn=tpn) for p, tpn in zip(ROUND_ROBIN, (7, 3, 5, 1), strict=True)]
    assert order(players, ["TPN"], round_robin=True) == [2, 1, 3, 4]
    assert order(players, ["TPN-R"], round_robin=True) == [1, 2, 3, 4]
    assert values(players, ["TPN", "TPN-R"], 1, round_robin=True) == (7, 7)


def test_without_a_pairing_number_tpn_has_no_value_and_ranks_last():
    players = [replace(ROUND_ROBIN[0], tpn=None), replace(ROUND_ROBIN[1], tpn=9), *ROUND_ROBIN[2:]]
    assert order(players, ["TPN"], round_robin=True)[:2] == [2, 1]
    assert value(players, "TPN", 1, round_robin=True) is None


def test_rtng_ranks_the_higher_rating_first_and_rtng_r_the_lower():
    assert order(ROUND_ROBIN, ["RTNG"], round_robin=True)[:2] == [1, 2]
    assert order(ROUND_ROBIN, ["RTNG-R"], round_robin=True)[:2] == [2, 1]
    assert value(ROUND_ROBIN, "RTNG-R", 2, round_robin=True) == 1900


def test_koya_counts_points_against_those_on_at_least_half_the_maximum():
    # limit 1.5: 1, 2 and 3 count. 1: beat 2, lost to 3; 2: lost to 1, beat 3; 3: beat 1;
    # 4: drew with 3.
    assert koya("KS") == {1: 1, 2: 1, 3: 1, 4: D("0.5")}


def test_ks_l1_and_l2_raise_the_limit_by_one_and_two_half_points():
    # limit 2: only 1 and 2 count. 1 beat 2; 3 beat 1 and lost to 2.
    assert koya("KS-L1") == {1: 1, 2: 0, 3: 1, 4: 0}
    # limit 2.5: nobody counts.
    assert koya("KS-L2") == {1: 0, 2: 0, 3: 0, 4: 0}


def test_ks_l_minus_1_and_minus_2_lower_the_limit_by_one_and_two_half_points():
    # limit 1: 1, 2 and 3 count, as at 1.5.
    assert koya("KS-L-1") == koya("KS")
    # limit 0.5: everybody counts, so each has his own score.
    assert koya("KS-L-2") == {1: 2, 2: 2, 3: D("1.5"), 4: D("0.5")}


def test_the_koya_limits_break_a_tie_koya_leaves():
    # 1 and 2 are level on points and on KS; raising the limit puts 1 first (he beat 2).
    assert order(ROUND_ROBIN, ["KS", "KS-L1"], round_robin=True)[:2] == [1, 2]
    assert rank(ROUND_ROBIN, ["KS"], round_robin=True)[1].rank == 1

"""TRF-16 / TRF-2026 reading and writing."""

import pytest

from pairing.engines.trf import TrfError, parse_trf, write_trf


def line(num, pts, rounds, rating=2000):
    head = f"001 {num:>4}      Test{num:04d} Player{num:04d}".ljust(48) + f"{rating:>4}"
    head = head.ljust(80) + f"{pts:>4}"
    head = head.ljust(89)
    return head + "".join(f"  {r}" for r in rounds)


SAMPLE = "\r".join(
    [
        "012 Test",
        "042 2026/03/01",
        "XXR 5",
        "XXC white1",
        line(1, "1.0", ["   2 w 1"]),
        line(2, "0.0", ["   1 b 0"]),
        line(3, "0.5", ["0000 - H"]),
        "",
    ]
)


def test_parse_players_results_and_extensions():
    t = parse_trf(SAMPLE)
    assert t.rounds == 5 and t.initial_colour == "w" and t.start_date == "2026/03/01"
    p1, _p2, p3 = t.players
    assert p1.points == 10 and p1.rating == 2000
    assert p1.results[0].opponent == 2 and p1.results[0].colour == "w"
    assert p1.results[0].played
    assert p3.results[0].opponent is None and p3.results[0].code == "H"
    assert not p3.results[0].played


def test_forfeits_are_not_played_games():
    t = parse_trf(SAMPLE.replace("   2 w 1", "   2 w +").replace("   1 b 0", "   1 b -"))
    assert not t.players[0].results[0].played
    assert t.players[0].results[0].code == "+"


def test_trf2026_records():
    text = "\n".join(
        [
            "142 7",
            "152 B",
            "162  W 3.0    D 1.0    L 0.0",
            "192 FIDE_DUTCH_2026",
            "240 H   2    3",
            "260   1   7    1    2",
            line(1, "0.0", []),
            line(2, "0.0", []),
            line(3, "0.0", []),
        ]
    )
    t = parse_trf(text)
    assert t.rounds == 7 and t.initial_colour == "b" and t.system == "FIDE_DUTCH_2026"
    assert t.scoring.win == 30 and t.scoring.draw == 10 and t.scoring.pab == 30
    assert t.byes == (("H", 2, (3,)),)
    assert t.forbidden[0].players == (1, 2) and t.forbidden[0].last == 7


def test_an_unknown_result_symbol_of_a_game_is_read_as_unknown_and_noted_with_its_place():
    # FIDE's checklist Q166: unknown symbols are "unknown result", not a refusal
    t = parse_trf(SAMPLE.replace("   2 w 1", "   2 w X"))
    assert t.players[0].results[0].code == "?" and t.players[0].results[0].played
    assert t.adjustments[0].startswith("line 5, column 99: result 'X' of player 1 against 2")


def test_an_unknown_result_symbol_without_an_opponent_names_line_and_column():
    with pytest.raises(TrfError) as e:
        parse_trf(SAMPLE.replace("0000 - H", "0000 - X"))
    assert e.value.line == 7 and e.value.column == 99
    assert "unknown result code" in str(e.value)


def test_bad_points_names_line_and_column():
    with pytest.raises(TrfError) as e:
        parse_trf(SAMPLE.replace(" 1.0    ", " 1.x    ", 1))
    assert e.value.line == 5 and e.value.column == 81


def test_repeated_starting_number():
    with pytest.raises(TrfError) as e:
        parse_trf(SAMPLE + line(2, "0.0", []))
    assert e.value.line == 8 and "repeated" in str(e.value)


def test_write_then_read_round_trip():
    t = parse_trf(SAMPLE)
    again = parse_trf(write_trf(t))
    assert again.players == tuple(
        p.__class__(**{**p.__dict__, "line": q.line})
        for p, q in zip(t.players, again.players, strict=False)
    )
    assert again.rounds == t.rounds and again.initial_colour == t.initial_colour


def test_scoring_survives_a_round_trip():
    t = parse_trf("162  W 3.0    D 1.0    L 0.0\n" + line(1, "0.0", []))
    assert parse_trf(write_trf(t)).scoring == t.scoring


TRF2026_RECORDS = ("142", "152", "162", "192", "240", "250", "260")


def test_legacy_writes_trf16_with_the_engine_lines_and_no_trf2026_record():
    text = "\n".join(
        [
            "012 Legacy Open",
            "142 7",
            "152 B",
            "162  W 3.0    D 1.0    L 0.0",
            "192 FIDE_DUTCH_2026",
            "240 H   2    3",
            "260   1   7    1    2",
            "XXP 2 3",
            line(1, "0.0", ["   2 w 1"]),
            line(2, "0.0", ["   1 b 0"]),
            line(3, "0.0", ["0000 - U"]),
        ]
    )
    t = parse_trf(text)
    legacy = write_trf(t, legacy=True)
    codes = [row[:3] for row in legacy.splitlines()]
    assert not set(codes) & set(TRF2026_RECORDS)
    assert {"XXR", "XXC", "XXP", "BBW", "001"} <= set(codes)
    again = parse_trf(legacy)
    assert again.rounds == 7 and again.initial_colour == "b" and again.scoring == t.scoring
    assert [f.players for f in again.forbidden] == [(1, 2), (2, 3)]
    assert [p.results for p in again.players] == [p.results for p in t.players]


def test_the_default_writer_still_writes_the_trf2026_records():
    codes = {row[:3] for row in write_trf(parse_trf(SAMPLE)).splitlines()}
    assert {"142", "152", "XXR", "XXC"} <= codes

"""TRF06, TRF16 and TRF26 told apart, the adjustments an older format needs, adjourned games
(``?`` with ``X`` in record 162) and ``###`` comments (checklist Q47-Q50, Q157, Q164-Q167)."""

import pytest

from pairing.engines.dutch import pair_trf
from pairing.engines.dutch.checker import check_tournament
from pairing.engines.trf import decode_trf, parse_trf, write_trf
from tests.real_files import real_files, real_files_dir

from .helpers import player_line


def lines(*records: str) -> str:
    return "\n".join(records) + "\n"


#: A TRF06 file as Krause's 2006 format wrote it: the header records, titles in letters
#: (``g`` GM, ``m`` IM), dates day first, no number of rounds, no TRF-2026 record.
TRF06 = lines(
    "012 Small Open",
    "042 28. 07. 2005",
    "132" + " " * 88 + "05/07/28  05/07/29  05/07/30",
    player_line(1, "1.5", ["   2 w 1", "   3 b ="]).replace("001    1      ", "001    1    g "),
    player_line(2, "1.0", ["   1 b 0", "0000 - U"]).replace("001    2      ", "001    2    m "),
    player_line(3, "0.5", ["0000 - Z", "   1 w ="]),
)


def test_a_trf06_file_is_read_with_the_number_of_rounds_inferred_and_the_adjustment_noted():
    t = parse_trf(TRF06)
    assert t.format == "TRF06"
    assert t.rounds == 0 and t.number_of_rounds == 3  # the three round dates of 132
    assert t.adjustments == (
        "no number of rounds (XXR or 142): 3 inferred from the player records and the round "
        "dates (132)",
    )
    assert t.players[0].title == "g"  # kept as written (docs/trf.md)


def test_formats_are_told_apart_by_the_records_and_titles_the_file_has():
    assert parse_trf(TRF06.replace("012 Small", "XXR 3\n012 Small")).format == "TRF16"
    assert parse_trf(TRF06.replace("    g ", "   GM ")).format == "TRF16"
    assert parse_trf(TRF06.replace("012 Small", "142 3\n012 Small")).format == "TRF26"
    assert parse_trf(TRF06.replace("012 Small", "### a comment\n012 Small")).format == "TRF26"


def test_a_file_giving_its_rounds_needs_no_adjustment():
    t = parse_trf(TRF06.replace("012 Small", "142 5\n012 Small"))
    assert t.number_of_rounds == 5 and t.adjustments == ()


ADJOURNED = lines(
    "012 Adjourned",
    "142 3",
    player_line(1, "1.5", ["   2 w 1", "   3 b ?"]),
    player_line(2, "1.0", ["   1 b 0", "0000 - U"]),
    player_line(3, "0.5", ["0000 - Z", "   1 w ?"]),
)


def test_an_adjourned_game_is_a_game_that_counts_as_a_draw_for_pairing():
    t = parse_trf(ADJOURNED)
    game = t.players[0].results[1]
    assert game.code == "?" and game.played and t.scoring.unknown == 5
    assert t.adjustments == (
        "games with an unknown result (?) count as draws: no X in record 162 says otherwise",
    )
    pairing = pair_trf(t, "2026")  # the points columns (draws) are accepted
    assert {frozenset((b.white, b.black)) for b in pairing.boards} | {pairing.bye} != set()
    assert all(c.ok or c.differences for c in check_tournament(t, "2026"))


def test_an_adjourned_game_is_written_back_as_a_question_mark_with_x_in_record_162():
    text = write_trf(parse_trf(ADJOURNED))
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5\n" in text
    assert "   3 b ?" in text
    again = parse_trf(text)
    assert again.scoring.adjourned == 5 and again.adjustments == ()


def test_record_162_gives_an_unknown_result_its_points():
    t = parse_trf(ADJOURNED.replace("142 3", "142 3\n162  X 0.0"))
    assert t.scoring.unknown == 0 and t.adjustments == ()


def test_comment_lines_are_kept_in_order_and_written_first():
    text = lines(
        "### first",
        "012 Comments",
        "### MPA @ Round 1: 1-2 by hand",
        "142 3",
        player_line(1, "1.0", ["   2 w 1"]),
        "### Adjournment @ Round 1: none",
        player_line(2, "0.0", ["   1 b 0"]),
    )
    written = write_trf(parse_trf(text)).splitlines()
    assert written[:3] == [
        "### first",
        "### MPA @ Round 1: 1-2 by hand",
        "### Adjournment @ Round 1: none",
    ]


TRF06_DIR = "turn4/trf06"


@real_files
@pytest.mark.parametrize(
    "name, fmt, rounds",
    [
        ("reused__karl_mala_2005.trf", "TRF06", 7),
        ("icu__cork_major_2018_swissmaster.trf", "TRF06", 6),
        ("icu__irish_junior_champs_2011.trf", "TRF06", 5),
        ("icu__armstrong_2012_with_bom.trf", "TRF06", 1),
        # the old layout, but titles written the TRF-16 way (GM): told TRF16, read the same
        ("icu__bunratty_masters_2011.trf", "TRF16", 6),
    ],
)
def test_real_trf06_files_are_read_with_their_rounds_inferred(name, fmt, rounds):
    t = parse_trf(decode_trf((real_files_dir() / TRF06_DIR / name).read_bytes()))
    assert t.format == fmt
    assert t.number_of_rounds == rounds
    assert any("inferred" in note for note in t.adjustments)

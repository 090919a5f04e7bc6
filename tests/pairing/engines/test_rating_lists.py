"""Reading rating lists (pairing/engines/rating_lists.py): FIDE's TXT lists in both layouts and
per type, its XML list, national CSV lists, zipped or not; every refusal names its line; records
written and read back are equal (a property); memory stays flat while a list streams."""

from __future__ import annotations

import io
import tracemalloc
import zipfile
from xml.sax.saxutils import escape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engines import rating_lists as rl
from pairing.engines.rating_lists import (
    FIDE_TXT_HEADER,
    Bounds,
    Kind,
    ListedRecord,
    ListReader,
    ListRefused,
    Options,
    RatingKind,
    read_list,
    txt_line,
)

# The header lines of FIDE's files, as they are: the combined list (players_list_foa.txt),
# the same before the FOA column came, and a per-type list (standard_rating_list.txt), whose
# rating column is labelled with the month.
COMBINED = FIDE_TXT_HEADER
COMBINED_NO_FOA = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
PER_TYPE = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SEP26 Gms K  B-day Flag"
)
# The other layout in the wild (spec §5): the name 60 wide, the columns after it shifted.
NARROW = (
    "ID Number      Name                                                        Fed Sex Tit WTit "
    "OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
# Real lines of FIDE's August 2026 lists (the combined list, and the blitz list).
LEKO = (
    "703303         Leko, Peter                                                  HUN M   GM   "
    "                        2676  0   10 2700  0   10 2738  0   10 1979      "
)
AADYA_BLITZ = (
    "48701955       Aadya Gowda                                                  IND F   WCM  "
    "WCM                     1807  0   40 2013  w   "
)

CARLSEN = ListedRecord(
    1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", 2830, 0, 10, 2800, 3, 10, 2880, 0,
    10, 1990, "",
)  # fmt: skip
POLGAR = ListedRecord(
    700070, "Polgár, Judit", "HUN", "F", "GM", "", "", "", 2736, 0, 10, None, None, None, None,
    None, None, 1976, "wi",
)  # fmt: skip
YOUNG = ListedRecord(
    48701955, "Aadya Gowda", "IND", "F", "WCM", "WCM", "", "AIM", 1807, 0, 40, None, None, None,
    1500, 4, 40, 2013, "w",
)  # fmt: skip


def txt(*lines: str, header: str = COMBINED, end: str = "\n") -> bytes:
    return ("\n".join([header, *lines]) + end).encode("latin-1")


def read(data: bytes, name: str = "players_list_foa.txt", **options) -> list[ListedRecord]:
    return list(read_list(io.BytesIO(data), name, Options(**options)))


def refusal(data: bytes, name: str = "players_list_foa.txt", **options) -> str:
    with pytest.raises(ListRefused) as refused:
        read(data, name, **options)
    return str(refused.value)


def zipped(*members: tuple[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return buffer.getvalue()


# --- FIDE's TXT lists ----------------------------------------------------------------------------


def test_the_combined_list_s_real_lines_are_read():
    (leko,) = read(txt(LEKO))
    assert leko == ListedRecord(
        703303, "Leko, Peter", "HUN", "M", "GM", "", "", "", 2676, 0, 10, 2700, 0, 10, 2738, 0,
        10, 1979, "",
    )  # fmt: skip


def test_the_columns_come_from_the_header_in_either_layout_and_without_foa():
    for header in (COMBINED, NARROW, COMBINED_NO_FOA):
        lines = [txt_line(r._replace(foa_title=""), header) for r in (CARLSEN, POLGAR, YOUNG)]
        assert read(txt(*lines, header=header)) == [
            r._replace(foa_title="") for r in (CARLSEN, POLGAR, YOUNG)
        ]
    assert rl.txt_layout(NARROW).slices["federation"] == (75, 79)
    assert rl.txt_layout(COMBINED).slices["federation"] == (76, 80)
    assert rl.txt_layout(COMBINED).slices["standard"] == (113, 119)  # column 114, 1-based


def test_a_per_type_list_s_rating_goes_to_the_type_its_name_or_the_caller_names():
    data = txt(AADYA_BLITZ, header=PER_TYPE)
    (by_name,) = read(data, "blitz_rating_list.txt")
    assert (by_name.blitz, by_name.blitz_games, by_name.blitz_k) == (1807, 0, 40)
    assert by_name.standard is None and by_name.flag == "w" and by_name.women_title == "WCM"
    (by_caller,) = read(data, "list.txt", rating_type=RatingKind.RAPID)
    assert (by_caller.rapid, by_caller.blitz) == (1807, None)
    assert "Line 1: the list has one rating column (SEP26): say whether it is the standard" in (
        refusal(data, "list.txt")
    )


def test_a_per_type_list_gives_its_month_and_an_archive_its_name_s():
    with ListReader(io.BytesIO(txt(AADYA_BLITZ, header=PER_TYPE)), "rapid.txt") as reader:
        list(reader.records())
        assert reader.month == (2026, 9)
    assert rl.month_from_name("standard_oct26frl.zip") == (2026, 10)
    assert rl.month_from_name("blitz_jan27frl_xml.zip") == (2027, 1)
    assert rl.month_from_name("nor-2026-03.csv") == (2026, 3)
    assert rl.month_from_name("players_list_foa.txt") is None
    assert rl.rating_kind_from_name("standard_oct26frl.zip") is RatingKind.STANDARD
    assert rl.rating_kind_from_name("players_list_foa.txt") is None


def test_an_unrated_rating_blank_or_zero_is_none_with_its_games_and_k():
    zero = LEKO[:113] + "0     0   0  " + LEKO[126:]
    blank = LEKO[:126] + " " * 13 + LEKO[139:]
    (first,) = read(txt(zero))
    (second,) = read(txt(blank))
    assert (first.standard, first.standard_games, first.standard_k) == (None, None, None)
    assert (second.rapid, second.rapid_games, second.rapid_k) == (None, None, None)
    assert first.rapid == 2700 and second.standard == 2676


def test_latin_1_with_windows_1252_letters_and_a_file_saved_as_utf_8():
    line = txt_line(CARLSEN._replace(name="Ximon, Yofia Æ"))
    data = txt(line).replace(b"Ximon, Yofia", b"\x8aimon, \x8eofia")
    assert read(data)[0].name == "Šimon, Žofia Æ"
    utf8 = ("\n".join([COMBINED, txt_line(POLGAR)]) + "\n").encode("utf-8")
    assert read(utf8) == [POLGAR]


def test_crlf_line_ends_a_bom_and_blank_lines_are_read():
    data = b"\xef\xbb\xbf" + txt(txt_line(CARLSEN), "", txt_line(POLGAR)).replace(b"\n", b"\r\n")
    assert read(data) == [CARLSEN, POLGAR]


def test_titles_written_in_one_or_two_letters_are_fide_s():
    line = LEKO[:84] + "g    wg   " + LEKO[94:]
    (leko,) = read(txt(line))
    assert (leko.title, leko.women_title) == ("GM", "WGM")


# --- FIDE's XML list -----------------------------------------------------------------------------

XML_FIELDS = (
    ("fideid", "fide_id"), ("name", "name"), ("country", "federation"), ("sex", "sex"),
    ("title", "title"), ("w_title", "women_title"), ("o_title", "other_titles"),
    ("foa_title", "foa_title"), ("rating", "standard"), ("games", "standard_games"),
    ("k", "standard_k"), ("rapid_rating", "rapid"), ("rapid_games", "rapid_games"),
    ("rapid_k", "rapid_k"), ("blitz_rating", "blitz"), ("blitz_games", "blitz_games"),
    ("blitz_k", "blitz_k"), ("birthday", "birth_year"), ("flag", "flag"),
)  # fmt: skip


def xml_player(record: ListedRecord) -> str:
    def value(field: str) -> str:
        found = getattr(record, field)
        if found is None:  # FIDE writes 0 for an unrated rating, its games and K
            return "" if field == "birth_year" else "0"
        return escape(str(found))

    return (
        "<player>"
        + "".join(f"<{tag}>{value(field)}</{tag}>" for tag, field in XML_FIELDS)
        + "</player>"
    )


def xml(*players: str, head: str = '<?xml version="1.0" encoding="UTF-8"?>\n') -> bytes:
    return (head + "<playerslist>\n" + "\n".join(players) + "\n</playerslist>\n").encode()


def test_the_xml_list_is_read_with_zero_for_unrated():
    data = xml(*(xml_player(r) for r in (CARLSEN, POLGAR, YOUNG)))
    assert read(data, "players_list_xml_foa.xml") == [CARLSEN, POLGAR, YOUNG]


def test_an_xml_list_cut_short_or_not_closed_is_refused_with_its_line():
    data = xml(xml_player(CARLSEN), xml_player(POLGAR))
    assert refusal(data[:-16], "x.xml").startswith("Line 4: the file ends before the list is")
    mismatched = data.replace(b"</name>", b"</nme>", 2)
    assert refusal(mismatched, "x.xml") == "Line 3: the XML is not well-formed (mismatched tag)"


def test_an_xml_doctype_an_other_root_and_deep_nesting_are_refused():
    bomb = xml(
        xml_player(CARLSEN),
        head='<?xml version="1.0"?>\n<!DOCTYPE l [<!ENTITY a "aaaa">]>\n',
    )
    assert "declares a DOCTYPE or entities" in refusal(bomb, "x.xml")
    assert "its root is <'players'>" in refusal(b"<players><player/></players>", "x.xml")
    deep = b"<playerslist><player><name><b>x</b></name></player></playerslist>"
    assert "Line 1: the XML nests deeper" in refusal(deep, "x.xml")


def test_an_xml_file_not_in_utf_8_is_refused():
    data = xml(xml_player(POLGAR)).replace("Polgár".encode(), "Polgár".encode("latin-1"))
    assert refusal(data, "x.xml") == (
        "Line 3: it is not well-formed XML, or not UTF-8 (an invalid character)"
    )


# --- national CSV lists --------------------------------------------------------------------------


def test_a_national_list_with_a_mapping_a_sniffed_delimiter_and_defaults():
    text = "Nr;Etternavn;Fornavn;FIDE-ID;Elo;Født;Kjønn\n12;Ås;Øyvind;1503014;2830;1990;M\n"
    text += '13;"Berg; jr";Kari;;1500;2001-03-04;K\n'
    columns = {"national_id": "Nr", "surname": "etternavn", "first_name": "3",
               "fide_id": "FIDE-ID", "birth_year": "Født"}  # fmt: skip
    players = read(text.encode(), "nor.csv", kind=Kind.NATIONAL_CSV, columns=columns,
                   federation="NOR")  # fmt: skip
    assert [(p.national_id, p.name, p.fide_id, p.standard, p.birth_year) for p in players] == [
        ("12", "Ås, Øyvind", 1503014, 2830, 1990),
        ("13", "Berg; jr, Kari", None, 1500, 2001),
    ]
    assert {p.federation for p in players} == {"NOR"}
    tabbed = b"id\tname\trating\n1\tDoe, Jane\t0\n"
    (jane,) = read(tabbed, "x.csv", kind=Kind.NATIONAL_CSV)
    assert (jane.national_id, jane.name, jane.standard) == ("1", "Doe, Jane", None)


def test_a_national_list_s_rating_goes_to_the_type_named_and_its_encoding_is_declared():
    data = "id,name,elo,fed\n1,Müller,1700,GER\n".encode("cp1252")
    (player,) = read(data, "x.csv", kind=Kind.NATIONAL_CSV, encoding="cp1252",
                     rating_type=RatingKind.RAPID)  # fmt: skip
    assert (player.name, player.rapid, player.standard) == ("Müller", 1700, None)
    assert "Line 2: it is not UTF-8 (byte 0xFC at column 4)" in refusal(
        data, "x.csv", kind=Kind.NATIONAL_CSV
    )


def test_a_national_list_s_header_and_mapping_are_checked():
    assert "the header names no column for name" in refusal(
        b"id,rating\n1,1500\n", "x.csv", kind=Kind.NATIONAL_CSV
    )
    assert "the column 'Elo' named for rating is not in the header" in refusal(
        b"id,name\n1,A\n", "x.csv", kind=Kind.NATIONAL_CSV, columns={"rating": "Elo"}
    )
    assert "'club' is not a field of a list" in refusal(
        b"id,name\n1,A\n", "x.csv", kind=Kind.NATIONAL_CSV, columns={"club": "Club"}
    )
    assert "Line 1: the header has one column" in refusal(b"name\nA\n", "x.csv",
                                                          kind=Kind.NATIONAL_CSV)  # fmt: skip
    assert "the encoding 'klingon' is not known" in refusal(
        b"id,name\n1,A\n", "x.csv", kind=Kind.NATIONAL_CSV, encoding="klingon"
    )


def test_a_national_list_s_lines_are_checked():
    def csv_refusal(body: str, end: str = "\n") -> str:
        return refusal(("id,name,rating,fed\n" + body + end).encode(), "x.csv",
                       kind=Kind.NATIONAL_CSV)  # fmt: skip

    assert csv_refusal("1,A,1500,NOR\n2,B,1500") == "Line 3: it has 3 fields, the header 4"
    assert csv_refusal("1,A,1500,NOR\n2,B", end="").startswith("Line 3: the line is cut short")
    assert csv_refusal("1,A,1500,NOR\n1,B,1500,NOR") == "Line 3: the id '1' is listed a second time"
    assert csv_refusal("1," + "x" * 101 + ",1500,NOR") == (
        "Line 2: the name is longer than 100 characters"
    )
    assert csv_refusal("1,A,1500,NORWAY") == (
        "Line 2: the federation 'NORWAY' is not a three-letter code"
    )
    assert csv_refusal(",A,1500,NOR") == "Line 2: it has no ID Number"
    assert csv_refusal('1,"A\tB",1500,NOR').startswith("Line 2: it holds a control character")


# --- refusals, each naming its line --------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (LEKO.replace("703303 ", "70330x "), "Line 2: the ID Number '70330x' is not a number"),
        (LEKO.replace("2676", "26x6"), "Line 2: the rating '26x6' is not a number"),
        (LEKO.replace("2676", "3501"), "Line 2: the rating '3501' is not between 0 and 3500"),
        (LEKO.replace("1979", "1850"), "Line 2: the birth year '1850' is not plausible"),
        (LEKO.replace("1979", "2999"), "Line 2: the birth year '2999' is not plausible"),
        (LEKO.replace("HUN", "HU1"), "Line 2: the federation 'HU1' is not a three-letter code"),
        (LEKO.replace("HUN M", "HUN X"), "Line 2: the sex 'X' is not M or F"),
        (LEKO[:158] + "x   ", "Line 2: the flag 'x' is not i, w or wi"),
        (LEKO[:84] + "XX " + LEKO[87:], "Line 2: the title 'XX' is not a title"),
        (" " * 15 + LEKO[15:], "Line 2: it has no ID Number"),
        (LEKO[:15] + " " * 61 + LEKO[76:], "Line 2: it has no name"),
        (LEKO.replace("Leko", "Le\x07o"), "Line 2: it holds a control character (U+0007)"),
        (LEKO.replace("Leko", "Le\x00o"), "Line 2: it holds NUL bytes"),
    ],
)
def test_a_malformed_line_is_refused_naming_it(line, message):
    assert refusal(txt(line)).startswith(message)


def test_the_line_is_named_deep_in_the_file():
    lines = [txt_line(CARLSEN._replace(fide_id=n)) for n in range(1, 1001)]
    lines[700] = lines[700].replace("2830", "28.0")
    assert refusal(txt(*lines)) == "Line 702: the rating '28.0' is not a number"


def test_a_header_that_is_not_a_list_s_is_refused():
    for header in ("Name;Rating;Fed", "ID Number  Rating", "", "Name ID Number SRtng"):
        assert refusal(txt(LEKO, header=header)).startswith(
            "Line 1: this is not the header of a FIDE rating list"
        )
    assert refusal(txt(LEKO, header="ID Number      Name   Fed")).startswith(
        "Line 1: the header names no rating column"
    )


def test_wrong_encodings_are_refused():
    utf16 = ("\n".join([COMBINED, LEKO]) + "\n").encode("utf-16")
    assert refusal(utf16).startswith("Line 1: the file is in UTF-16 or UTF-32")
    no_bom = ("\n".join([COMBINED, LEKO]) + "\n").encode("utf-16-le")
    assert refusal(no_bom).startswith("Line 1: the file is in UTF-16 or UTF-32")
    assert refusal(txt(LEKO).replace(b"Leko", b"Le\x00o")).startswith("Line 2: it holds NUL")
    assert refusal(b"") == "the file is empty"


def test_a_file_cut_in_its_last_line_is_refused():
    data = txt(txt_line(CARLSEN), txt_line(POLGAR))
    assert refusal(data[:-30]).startswith("Line 3: the line is cut short")
    # a last line without its line break, but whole, is read
    assert read(data[:-1]) == [CARLSEN, POLGAR]


def test_a_fide_id_listed_twice_is_refused():
    data = txt(txt_line(CARLSEN), txt_line(POLGAR), txt_line(CARLSEN._replace(name="Other")))
    assert refusal(data) == "Line 4: FIDE id 1503014 is listed a second time"


def test_the_bounds_lines_players_bytes():
    data = txt(txt_line(CARLSEN), txt_line(POLGAR), txt_line(YOUNG))
    assert refusal(data, bounds=Bounds(max_players=2)) == (
        "Line 4: the list has more than 2 players (RATING_LIST_MAX_PLAYERS)"
    )
    assert refusal(data, bounds=Bounds(max_bytes=400)) == (
        "Line 3: the file is larger than 400 bytes (RATING_LIST_MAX_BYTES)"
    )
    long_line = txt(LEKO + " " * 5000)
    assert refusal(long_line) == (
        "Line 2: it is longer than 4096 bytes: this is not a rating list's line"
    )
    endless = COMBINED.encode() + b"\n" + b"1" * 100_000
    assert refusal(endless).startswith("Line 2: it is longer than 4096 bytes")


# --- zip files -----------------------------------------------------------------------------------


def test_a_zip_s_one_member_is_read_and_gives_its_names():
    data = zipped(("standard_oct26frl.txt", txt(AADYA_BLITZ, header=PER_TYPE)))
    with ListReader(io.BytesIO(data), "upload.zip") as reader:
        (player,) = reader.records()
        assert reader.member == "standard_oct26frl.txt"
        assert reader.month == (2026, 10)  # the member's name, before the header's SEP26
    assert player.standard == 1807
    xml_zip = zipped(("players_list_xml_foa.xml", xml(xml_player(CARLSEN))))
    assert read(xml_zip, "players_list_xml.zip") == [CARLSEN]


def test_a_zip_of_two_files_a_damaged_zip_and_a_cut_zip_are_refused():
    two = zipped(("a.txt", txt(LEKO)), ("b.txt", txt(LEKO)))
    assert refusal(two, "x.zip") == "the zip file holds 2 files: a list's zip holds one"
    lines = [txt_line(CARLSEN._replace(fide_id=n, name=f"P{n:06d}")) for n in range(1, 20000)]
    whole = zipped(("players_list_foa.txt", txt(*lines)))
    assert refusal(whole[: len(whole) // 2], "x.zip").startswith("the zip file is damaged")
    # a stored (not deflated) member with one digit changed: read to its end, where the CRC
    # does not match
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("players_list_foa.txt", txt(*lines[:100]))
    damaged = buffer.getvalue().replace(b"2830", b"2831", 1)
    assert refusal(damaged, "x.zip").startswith("the zip file is damaged or cut short (Bad CRC-32")


# --- written, then read back ---------------------------------------------------------------------


def _not_utf8(name: str) -> bool:
    """Latin-1 text that is also valid UTF-8 ("Ã©") would be read as UTF-8: not a FIDE name."""
    try:
        name.encode("latin-1").decode("utf-8")
    except UnicodeDecodeError:
        return True
    return name.isascii()


LATIN_NAME = (
    st.text(
        alphabet=st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_categories=("Cc",)),
        min_size=1,
        max_size=59,
    )
    .map(lambda name: " ".join(name.split()))
    .filter(bool)
    .filter(_not_utf8)
)


@st.composite
def records(draw) -> ListedRecord:
    def rating() -> tuple:
        if draw(st.booleans()):
            return (None, None, None)
        return (
            draw(st.integers(1, 3500)),
            draw(st.integers(0, 999)),
            draw(st.one_of(st.none(), st.sampled_from((10, 15, 20, 40)))),
        )

    return ListedRecord(
        draw(st.integers(1, 10**14 - 1)),
        draw(LATIN_NAME),
        draw(st.sampled_from(("", "NOR", "IND", "FID"))),
        draw(st.sampled_from(("", "M", "F"))),
        draw(st.sampled_from(("", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"))),
        draw(st.sampled_from(("", "WGM", "WIM", "WFM", "WCM"))),
        draw(st.sampled_from(("", "IA", "FA,IO", "FT,IA,FST"))),
        draw(st.sampled_from(("", "AGM", "AIM"))),
        *rating(),
        *rating(),
        *rating(),
        draw(st.one_of(st.none(), st.integers(1900, 2026))),
        draw(st.sampled_from(("", "i", "w", "wi"))),
    )


def unique(players: list[ListedRecord]) -> list[ListedRecord]:
    return list({p.fide_id: p for p in players}.values())


@settings(max_examples=60, deadline=None)
@given(st.lists(records(), min_size=1, max_size=30).map(unique),
       st.sampled_from((COMBINED, NARROW)))  # fmt: skip
def test_records_written_as_txt_are_read_back_equal(players, header):
    data = txt(*(txt_line(p, header) for p in players), header=header)
    assert read(data, latest_birth_year=2026) == players


@settings(max_examples=60, deadline=None)
@given(st.lists(records(), min_size=1, max_size=30).map(unique))
def test_records_written_as_xml_are_read_back_equal(players):
    data = xml(*(xml_player(p) for p in players))
    assert read(data, "x.xml", latest_birth_year=2026) == players


# --- memory --------------------------------------------------------------------------------------


@pytest.mark.slow  # tracemalloc slows the reading down tenfold
@pytest.mark.parametrize("form", ["txt", "xml", "zip"])
def test_memory_stays_flat_as_a_list_streams(form):
    """30,000 players (about 5 MB of TXT, 15 MB of XML) read with a few MB at most, most of it
    the buffers (a MB each) and the set of ids seen (for the duplicates)."""
    count = 30_000
    lines = (txt_line(CARLSEN._replace(fide_id=n, name=f"P {n:06d}")) for n in range(1, count + 1))
    if form == "xml":
        data = xml(*(xml_player(CARLSEN._replace(fide_id=n)) for n in range(1, count + 1)))
    else:
        data = txt(*lines)
        if form == "zip":
            data = zipped(("players_list_foa.txt", data))
    tracemalloc.start()
    try:
        seen = sum(1 for _ in read_list(io.BytesIO(data), f"list.{form}"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert seen == count
    assert peak < 8 * 1024 * 1024, f"{peak / 1e6:.1f} MB"

"""Names in the alphabetical order of the players' language, not by code point."""

from hypothesis import given
from hypothesis import strategies as st

from pairing.engines.collation import alphabet_for, name_key

NAMES = ["Zahl, Ola", "Ødegaard, Per", "Åsen, Kari", "Ærø, Ib", "Ängel, Eva", "Öberg, Jan"]


def ordered(names: list[str], federation: str) -> list[str]:
    return sorted(names, key=lambda name: name_key(name, federation))


def test_norwegians_and_danes_put_ae_o_slash_and_a_ring_after_z():
    for federation in ("NOR", "DEN"):
        assert ordered(NAMES, federation) == [
            "Zahl, Ola",
            "Ängel, Eva",  # Ä is read as Æ
            "Ærø, Ib",
            "Öberg, Jan",  # Ö is read as Ø
            "Ødegaard, Per",
            "Åsen, Kari",
        ]


def test_swedes_and_finns_put_a_ring_a_umlaut_and_o_umlaut_after_z():
    for federation in ("SWE", "FIN"):
        assert ordered(NAMES, federation) == [
            "Zahl, Ola",
            "Åsen, Kari",
            "Ängel, Eva",
            "Ærø, Ib",  # Æ is read as Ä
            "Öberg, Jan",
            "Ødegaard, Per",  # Ø is read as Ö
        ]


def test_elsewhere_a_letter_with_an_accent_sorts_with_its_base_letter():
    assert ordered(NAMES, "GER") == [
        "Ærø, Ib",  # AE
        "Ängel, Eva",
        "Åsen, Kari",
        "Öberg, Jan",
        "Ødegaard, Per",
        "Zahl, Ola",
    ]
    assert ordered(["Müller, Jan", "Mueller, Ida", "Muster, Max"], "") == [
        "Mueller, Ida",
        "Müller, Jan",
        "Muster, Max",
    ]


def test_icelandic_letters_with_an_acute_follow_their_base_letter():
    assert ordered(["Ásgeirsson, Jón", "Axelsson, Ari", "Baldursson, Óli"], "ISL") == [
        "Axelsson, Ari",
        "Ásgeirsson, Jón",
        "Baldursson, Óli",
    ]
    assert ordered(["Þórsson, Atli", "Zoëga, Ari", "Ólafsson, Ívar"], "ISL") == [
        "Ólafsson, Ívar",
        "Zoëga, Ari",
        "Þórsson, Atli",
    ]


def test_a_surname_ends_at_its_comma():
    assert ordered(["Bergen, Ola", "Berg, Eva", "Berg-Hansen, Siv"], "NOR") == [
        "Berg, Eva",
        "Berg-Hansen, Siv",
        "Bergen, Ola",
    ]


def test_a_double_aa_stays_among_the_a_s():
    assert ordered(["Zahl, Ola", "Aasen, Tor", "Åsen, Kari"], "NOR") == [
        "Aasen, Tor",
        "Zahl, Ola",
        "Åsen, Kari",
    ]


def test_an_unknown_federation_uses_the_default_alphabet():
    assert alphabet_for("XYZ") == alphabet_for("") == "default"
    assert alphabet_for("nor") == "da-nb"


@given(
    st.lists(st.text(min_size=1, max_size=12), min_size=2, max_size=8),
    st.sampled_from(["NOR", "SWE", "ISL", "GER", ""]),
)
def test_the_order_is_total_and_does_not_depend_on_the_input_order(names, federation):
    once = ordered(names, federation)
    assert ordered(list(reversed(names)), federation) == once
    assert sorted(once) == sorted(names)

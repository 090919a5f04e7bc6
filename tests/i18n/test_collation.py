"""Lists sorted by name follow the reader's language (pairing/engines/collation.py)."""

import pytest
from django.test import Client

from pairing.engines.collation import alphabet_for, name_key
from tests.factories import EntryFactory, TournamentFactory

NAMES = ["Öberg", "Zorn", "Åberg", "Ärlig", "Aalto", "Østby", "Ullmann", "Ühle"]


def ordered(language: str, federation: str = "") -> list[str]:
    return sorted(NAMES, key=lambda n: name_key(n, federation, language))


def test_swedish_and_finnish_put_a_ring_a_umlaut_o_umlaut_after_z_in_that_order():
    """Ü reads as Y, Ø as Ö (CLDR sv)."""
    for language in ("sv", "fi", "sv-se"):
        assert ordered(language) == [
            "Aalto", "Ullmann", "Ühle", "Zorn", "Åberg", "Ärlig", "Öberg", "Østby",
        ]  # fmt: skip


def test_english_and_french_readers_get_the_federations_order():
    assert alphabet_for("NOR", "en") == alphabet_for("NOR") == "da-nb"
    assert alphabet_for("NOR", "fr") == "da-nb"
    assert alphabet_for("NOR", "sv") == "sv-fi"
    assert ordered("en") == ordered("fr") == ordered("", "")
    assert ordered("en")[:3] == ["Aalto", "Åberg", "Ärlig"]


def test_russian_puts_cyrillic_first_with_yo_as_ye():
    names = ["Ельцов", "Ёлкин", "Иванов", "Йодлов", "Adams", "Яковлев"]
    assert sorted(names, key=lambda n: name_key(n, "", "ru")) == [
        "Ёлкин", "Ельцов", "Иванов", "Йодлов", "Яковлев", "Adams",
    ]  # fmt: skip


@pytest.mark.django_db
def test_the_alphabetical_starting_list_follows_the_pages_language(anna):
    tournament = TournamentFactory(federation="NOR", chief=anna, is_published=True)
    for name in ("Zorn, Anders", "Åberg, Ola", "Ærø, Per", "Berg, Eva"):
        EntryFactory(tournament=tournament, name=name, federation="NOR")
    client = Client()

    def order(prefix: str) -> list[str]:
        body = client.get(f"{prefix}/t/{tournament.pk}/?order=alpha").content.decode()
        found = [(body.index(n), n) for n in ("Zorn", "Åberg", "Ærø", "Berg")]
        return [n for _i, n in sorted(found)]

    assert order("") == ["Berg", "Zorn", "Ærø", "Åberg"]  # Norwegian: Æ Ø Å
    assert order("/sv") == ["Berg", "Zorn", "Åberg", "Ærø"]  # Swedish: Å Ä(Æ) Ö

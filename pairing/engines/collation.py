"""Alphabetical order of players' names in their own language, in pure Python.

Sorting by code point puts Å, Ö and Ø after Z for everyone and Ä after Z too; a Swede expects
Å Ä Ö after Z, a Norwegian or a Dane Æ Ø Å, a German Ä beside A. This module gives a sort key
per name for a few alphabets, chosen by the player's federation, following the Unicode CLDR
collations of those languages at the first level (which letters sort where), and otherwise a
default that reads a letter with an accent as its base letter (Å as A, Ø as O, Æ as AE, ß as SS),
as the Unicode root collation does at that level.

- ``NOR``, ``DEN``, ``FAI`` (Norwegian, Danish, Faroese): A-Z, then Æ Ø Å; Ä sorts as Æ, Ö as Ø,
  Ü as Y. CLDR also sorts a double "aa" as Å; this module does not, because a field's foreign
  names ("Aaron") would move to the end: "Aasen" stays among the A's.
- ``SWE``, ``FIN`` (Swedish, Finnish): A-Z, then Å Ä Ö; Æ sorts as Ä, Ø as Ö, Ü as Y.
- ``ISL`` (Icelandic): Á Ð É Í Ó Ú Ý are letters of their own after A D E I O U Y, and Þ Æ Ö
  come after Z (Ø as Ö, Ä as Æ).
- ``RUS`` and the Russian language: the Cyrillic alphabet first (Yo sorts as Ye, Short I is a
  letter of its own), then the Latin one, as CLDR's Russian collation orders the scripts.
- Anything else: the default above.

A list shown to a reader follows the reader's language when it has an alphabet of its own here
(Swedish and Finnish: Å Ä Ö after Z; Russian), else the federation's (``alphabet_for`` with
``language``; docs/i18n.md): a Swede reads a Norwegian event's starting list in Swedish order.
A drawing of lots (Varma) follows the federation only, whoever reads it.

Inside a name, a space, comma or hyphen ends a word and sorts before every letter ("Berg, Eva"
before "Bergen, Ola"); an apostrophe or a full stop is ignored; digits come before letters and
other scripts after them, by code point. Names equal at that level are ordered by case and
accents, then as written, so the order is total and the same on every machine. No dependency:
the standard library's ``unicodedata`` only (ICU would be the full answer, and a heavy one).
"""

from __future__ import annotations

import unicodedata

LATIN = "abcdefghijklmnopqrstuvwxyz"
CYRILLIC = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
#: Weights: a word's end, then digits, then the letters of the alphabet, then other scripts.
_SEPARATOR = 0
_DIGITS = 10
_LETTERS = 100
_OTHER = 1000


def _alphabet(letters: str, same: dict[str, str]) -> dict[str, int]:
    weights = {letter: index for index, letter in enumerate(letters, start=_LETTERS)}
    weights.update({letter: weights[base] for letter, base in same.items()})
    return weights


#: Letter -> its place, per language; a letter not listed falls back to its base letter.
ALPHABETS: dict[str, dict[str, int]] = {
    "default": _alphabet(LATIN, {}),
    "da-nb": _alphabet(LATIN + "æøå", {"ä": "æ", "ö": "ø", "ü": "y"}),
    "sv-fi": _alphabet(LATIN + "åäö", {"æ": "ä", "ø": "ö", "ü": "y"}),
    "is": _alphabet("aábcdðeéfghiíjklmnoópqrstuúvwxyýzþæö", {"ø": "ö", "ä": "æ"}),
    "ru": _alphabet(CYRILLIC + LATIN, {"\u0451": "\u0435"}),  # yo as ye
}

#: The alphabet of a federation's language (FIDE codes).
FEDERATION_ALPHABETS = {
    "NOR": "da-nb",
    "DEN": "da-nb",
    "FAI": "da-nb",
    "SWE": "sv-fi",
    "FIN": "sv-fi",
    "ISL": "is",
    "RUS": "ru",
}

#: The alphabet of a reader's language (Django's language codes), where it has one of its own.
LANGUAGE_ALPHABETS = {"sv": "sv-fi", "fi": "sv-fi", "ru": "ru"}

#: Letters that are not a base letter with an accent, read as the root collation reads them.
_EXPANSIONS = {"æ": "ae", "ø": "o", "œ": "oe", "ß": "ss", "đ": "d", "ð": "d", "ł": "l", "þ": "th"}
_SEPARATORS = set(" ,-\t")
_IGNORED = set("'\u2019.")  # apostrophes, full stop


def alphabet_for(federation: str, language: str = "") -> str:
    """The name of the alphabet a list is sorted in: the reader's `language`'s when it has one,
    else the federation's ("default" if unknown)."""
    if language:
        base = language.lower().split("-")[0].split("_")[0]
        if base in LANGUAGE_ALPHABETS:
            return LANGUAGE_ALPHABETS[base]
    return FEDERATION_ALPHABETS.get(federation.upper(), "default")


def name_key(
    name: str, federation: str = "", language: str = ""
) -> tuple[tuple[int, ...], str, str]:
    """The sort key of ``name`` in the alphabetical order of the reader's `language`, or else of
    ``federation``'s language."""
    weights = ALPHABETS[alphabet_for(federation, language)]
    folded = unicodedata.normalize("NFC", name.casefold())
    primary: list[int] = []
    for char in folded:
        if char in _IGNORED:
            continue
        if char in _SEPARATORS or char.isspace():
            if primary and primary[-1] != _SEPARATOR:
                primary.append(_SEPARATOR)
            continue
        primary.extend(_weights(char, weights))
    return (tuple(primary), folded, name)


def _weights(char: str, weights: dict[str, int]) -> list[int]:
    if char in weights:
        return [weights[char]]
    if char.isdecimal():
        return [_DIGITS + unicodedata.decimal(char)]
    if char in _EXPANSIONS:
        return [weights[c] for c in _EXPANSIONS[char]]
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if base and base != char:
        return [w for c in base for w in _weights(c, weights)]
    return [_OTHER + ord(char)]

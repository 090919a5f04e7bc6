"""Finding people by part of their name, the same way wherever a search runs: the venue's
event search (arbiter/public/views/events.py) and the public copy's (arbiter/publishing/
mirror_search.py), which filters the event's published list of people with these rules
(docs/events.md, "The public event page"; docs/publishing.md, "The event's search")."""

import unicodedata
from collections.abc import Iterable
from typing import TypeVar

from django.http import HttpRequest

T = TypeVar("T")

#: The longest name search taken: longer queries are cut (names are at most 100 characters).
SEARCH_LENGTH = 100
#: The most people an event search lists.
FOUND = 50
#: The fewest characters a name search takes (as the tournament's search).
SEARCH_MIN = 2


def search_text(request: HttpRequest) -> str:
    """The name searched for (``?q=``): printable characters only, at most SEARCH_LENGTH of
    them, spaces collapsed; the event's search takes it the same way."""
    query = "".join(c for c in request.GET.get("q", "") if c.isprintable())[:SEARCH_LENGTH]
    return " ".join(query.split())


def folded(text: str) -> str:
    """`text` without accents or case ("Ødegård" and "odegard" alike): NFKD, the combining
    marks dropped, case folded; a few letters NFKD keeps whole are spelled out (ø, æ, ł,
    the dotless i ...)."""
    text = text.casefold().translate(_LETTERS)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


#: Letters without a decomposition that readers type plainly.
_LETTERS = str.maketrans(
    {"ø": "o", "æ": "ae", "đ": "d", "ł": "l", "\u0131": "i", "œ": "oe", "þ": "th", "ð": "d"}
)


def words_of(query: str) -> list[str]:
    """The words of `query`, folded; none for a query shorter than SEARCH_MIN."""
    return folded(query).split() if len(query) >= SEARCH_MIN else []


def matching(keys: Iterable[tuple[str, T]], query: str) -> tuple[list[T], bool]:
    """Of `keys` (folded name, item), in their order, the items whose name holds every word of
    `query` (accents and case aside, in any order): at most FOUND, and whether more matched."""
    words = words_of(query)
    if not words:
        return [], False
    found = [item for key, item in keys if all(w in key for w in words)]
    return found[:FOUND], len(found) > FOUND

"""What each public page of a competition day is kept under: the versions of the parts it shows.

A competition day changes in parts (docs/competition.md, "Versions"):

- the competition itself (its settings, the mats, publishing, a category added):
  ``Competition.version``;
- each category (its entries, weigh-ins, draw and results): its tournament's version;
- each bout being fought: its ``LiveScore`` version, moved by every entry of the table (which
  moves nothing else).

A public page is kept under the versions of what it shows, not of the whole day, so a score
entered on mat 2 renders mat 2's page again and nothing else, and a result renders again the
pages of its mat, the results and the medal table, not the other mats:

=======================  ==============================================================
page                     kept under
=======================  ==============================================================
results, medals, files   the competition and every category (no live score)
a mat                    the competition, the categories on that mat, its live scores
a competitor's card      the same as their mat's page
the home page            the competition, every category and which bout each mat has
                         begun (the bout shown "now"), not the score of those bouts
=======================  ==============================================================

Reading the versions costs one query over the categories (two rows' columns each) and, for the
pages that show the mats, one over the live scores (at most one or two a mat).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from judo.models import Competition, LiveScore


@dataclass(frozen=True)
class Versions:
    """The versions of a competition's parts, read at once."""

    #: The competition's version and when it was created (a competition made in a deleted one's
    #: place on SQLite, which reuses ids, starts at version 0 again).
    competition: tuple[int, float]
    #: (category id, its mat or None, its tournament's version) of every category.
    categories: tuple[tuple[int, int | None, int], ...]

    def results(self) -> str:
        """The results, the medal table and the downloads: every category, no live score."""
        return _digest(self.competition, self.categories)

    def mat(self, mat: int, live: Live) -> str:
        """A mat's page (and the cards of its competitors): its categories and live scores."""
        mine = tuple(c for c in self.categories if c[1] == mat)
        return _digest(self.competition, mat, mine, live.scores.get(mat, ()))

    def home(self, live: Live) -> str:
        """The home page: every category, and which bouts the tables have begun."""
        begun = {mat: tuple(s[:2] for s in scores) for mat, scores in live.scores.items()}
        return _digest(self.competition, self.categories, sorted(begun.items()))


@dataclass(frozen=True)
class Live:
    """The live scores of a competition by mat: (category id, match, version) each."""

    scores: dict[int, tuple[tuple[int, int, int], ...]]


def versions(competition: Competition) -> Versions:
    """The versions of `competition`'s parts (one query)."""
    rows = competition.categories.order_by("pk").values_list("pk", "mat", "tournament__version")
    # its save time too: an event's link on its pages moves that alone (arbiter/public/signals.py)
    saved = (competition.created_at.timestamp(), competition.updated_at.timestamp())
    return Versions((competition.version, *saved), tuple(rows))


def live(competition: Competition) -> Live:
    """The live scores of `competition`, by mat (one query)."""
    scores: dict[int, list[tuple[int, int, int]]] = {}
    category = "bracket__tournament__category"
    rows = (
        LiveScore.objects.filter(**{f"{category}__competition": competition})
        .order_by(category, "match")
        .values_list(f"{category}__mat", category, "match", "version")
    )
    for mat, *score in rows:
        scores.setdefault(mat, []).append(tuple(score))
    return Live({mat: tuple(s) for mat, s in scores.items()})


def mat_topic(competition_id: int, mat: int, *, screen: bool = False) -> str:
    """The live topic a mat's public page, or its venue screen, follows: where the push of a
    change on the mat reaches them (docs/live.md, arbiter/live/publisher.py)."""
    return f"c{competition_id}-mat{mat}" + ("-screen" if screen else "")


def _digest(*parts) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=10).hexdigest()

"""Why a player got their opponent and colour, round by round, for their public card (issue 28,
"pairings anyone can verify"): the Dutch engine's explanations kept with each round it paired
(:class:`~pairing.swiss.models.EnginePairing`, pairing/engines/dutch/explain.py), for the
published rounds only.
"""

from django.db.models import JSONField
from django.db.models.fields.json import KeyTransform

from arbiter.core.models import Entry, Tournament
from arbiter.core.standings import COUNTED_STATES
from pairing.swiss.models import EnginePairing


class _EntryKey(KeyTransform):
    """``explanations -> "12"``: one entry's explanation, read by the database. Django's own
    key lookup reads a key of digits as an index into an array, which these keys are not."""

    output_field = JSONField()

    def as_sql(self, compiler, connection):
        lhs, params, _ = self.preprocess_lhs(compiler, connection)
        return f"JSON_EXTRACT({lhs}, %s)", (*params, f'$."{self.key_name}"')

    as_sqlite = as_mysql = as_sql

    def as_postgresql(self, compiler, connection):
        lhs, params, _ = self.preprocess_lhs(compiler, connection)
        return f"({lhs} -> %s)", (*params, self.key_name)


def pairing_reasons(tournament: Tournament, entry: Entry) -> dict[int, dict | None]:
    """Round number -> the engine's explanation for ``entry`` (bracket, opponent, colour and
    its rule, float and why), for every published round the engine paired; ``None`` for a
    round the arbiter changed by hand after the engine (its reasons no longer say why).
    Rounds not paired by the engine (imported, or made by hand) are left out. One query,
    reading only this player's explanations."""
    rows = EnginePairing.objects.filter(
        round__tournament=tournament, round__state__in=COUNTED_STATES
    ).values_list("round__number", "edited", _EntryKey(str(entry.pk), "explanations"))
    return {
        number: None if edited else explanation
        for number, edited, explanation in rows
        if edited or explanation
    }

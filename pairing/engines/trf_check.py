"""Reading a TRF file only to know whether it reads: the check a TRF import runs first, in a
child process its time limit can stop (arbiter/platform/time_limit.py)."""

from pairing.engines.trf import TrfLimits, parse_trf
from pairing.engines.trf_team import parse_team_trf


def parses(text: str, limits: TrfLimits) -> None:
    """Raise :class:`~pairing.engines.trf.TrfError` at the file's first fault, the app's limits
    included; nothing is returned, so nothing big goes back to the caller."""
    parse_trf(text, limits)


def team_parses(text: str, limits: TrfLimits) -> None:
    """:func:`parses` for a team file (its team records and matches read too)."""
    parse_team_trf(text, limits)

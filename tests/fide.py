"""Acting as an arbiter who confirms what FIDE mode asks (arbiter/core/fide_mode.py)."""

from arbiter.core.fide_mode import NeedsConfirmation


def confirmed(action, *args, **kwargs):
    """``action(*args, **kwargs)``, confirmed at every step it asks for (at most two: level 4)."""
    confirmation = ""
    for _step in range(3):
        try:
            return action(*args, **kwargs, confirmation=confirmation)
        except NeedsConfirmation as needs:
            confirmation = needs.token
    raise AssertionError("still asking after two confirmations")

"""What the players' side's forms post."""


def posted_int(value: str | None) -> int | None:
    """A posted number: ASCII digits, at most eight (None otherwise: "²" is a digit to
    ``isdigit`` and no number to ``int``)."""
    value = (value or "").strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) < 9 else None

"""Club points for the Monrad pages: exact fractions from the engine, with the ½ glyph."""

from fractions import Fraction

from django import template

register = template.Library()


@register.filter
def club_points(value) -> str:
    """Fraction(5, 2) → "2½", Fraction(1, 2) → "½", 3 → "3"; nothing for None."""
    if value is None or value == "":
        return ""
    value = Fraction(value)
    whole = int(value)
    if value - whole == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return str(whole) if value == whole else f"{float(value):g}"

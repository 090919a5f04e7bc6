"""Club points for the Monrad pages: exact fractions from the engine, with the ½ glyph."""

from decimal import Decimal
from fractions import Fraction

from django import template

from arbiter.core.templatetags.chess import points

register = template.Library()


@register.filter
def club_points(value) -> str:
    """Fraction(5, 2) → "2½", Fraction(1, 2) → "½", 3 → "3": in halves, as chess points read;
    any other fraction as a decimal; nothing for None."""
    if value is None or value == "":
        return ""
    value = Fraction(value)
    if value.denominator > 2:
        return f"{float(value):g}"
    return points(Decimal(value.numerator) / value.denominator)

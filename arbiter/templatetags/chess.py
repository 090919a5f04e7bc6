"""Chess notation for templates: points with the ½ glyph, as players read them on chess-results."""

from decimal import Decimal

from django import template

from pairing.engines import results

register = template.Library()


@register.filter
def points(value) -> str:
    """1.5 → "1½", 0.5 → "½", 2 → "2"; nothing for None."""
    if value is None or value == "":
        return ""
    value = Decimal(value)
    whole = int(value)
    half = value - whole == Decimal("0.5")
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


@register.filter
def tiebreak_text(value: Decimal | int | None) -> str:
    """12 → "12", 12.50 → "12.5": as few decimals as the value needs; "—" for no value."""
    if value is None:
        return "—"
    value = Decimal(value)
    if value == value.to_integral_value():
        return str(value.to_integral_value())
    return format(value.normalize(), "f")


@register.simple_tag
def result_choices() -> dict:
    """The result buttons: the games played over the board, then the forfeits."""
    return {"played": results.OVER_THE_BOARD, "forfeits": results.FORFEITS}

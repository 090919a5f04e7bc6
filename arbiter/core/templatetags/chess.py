"""Chess notation for templates: points with the ½ glyph, as players read them on chess-results."""

from decimal import Decimal

from django import template
from django.template import Context
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

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


@register.simple_tag(takes_context=True)
def result_buttons(context: Context, result: str) -> SafeString:
    """A board's result buttons (the games played over the board, then, behind "Forfeit…", the
    forfeits and the unusual scores ½-0, 0-½, 0-0 of checklist Q180-186), the one it has
    pressed: rendered once per result and page, since a page of 500 boards shows at most eleven
    different sets (the cache lives as long as the page's rendering, as `{% include %}`'s)."""
    rendered = context.render_context.dicts[0].setdefault("result_buttons", {})
    if result not in rendered:
        outcome = results.from_code(result)
        rendered[result] = render_to_string(
            "_result_buttons.html",
            {
                "result": result,
                "more": outcome is not None and outcome not in results.OVER_THE_BOARD,
                "choices": {
                    "played": results.OVER_THE_BOARD,
                    "forfeits": results.FORFEITS,
                    "unusual": results.UNUSUAL,
                },
            },
        )
    return rendered[result]

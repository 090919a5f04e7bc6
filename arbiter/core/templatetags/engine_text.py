"""``{{ why.reason|engine_text }}``: an engine's explanation in the reader's language."""

from django import template

from arbiter.core.engine_text import translate

register = template.Library()


@register.filter
def engine_text(value: str) -> str:
    return translate(value)

"""``{% once_field %}``: the one-time token of a form that must act once (see
arbiter/core/once.py)."""

import uuid

from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def once_field() -> str:
    return format_html('<input type="hidden" name="once" value="{}">', uuid.uuid4())

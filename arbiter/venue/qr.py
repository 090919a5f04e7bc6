"""The QR codes of players' cards (docs/venue.md, "QR codes"): the card's address, as inline SVG
for the pages and as PNG for the PDFs.

The address is absolute, since a phone scans it: ``CARD_BASE_URL`` (the address phones reach the
app at in the hall, which is not always the one the arbiter's laptop uses: ``localhost``, a
name only the desk resolves) or else the address the printout was asked for at. The path is the
default language's (no prefix): the card then speaks the language the phone asks for.

Error correction M (15 %): a card's address (about 80 characters) makes a version 5 code, 37
modules, which prints readable at 2 cm and survives a crease or a pen mark.
"""

from __future__ import annotations

import io

import segno
from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation


def card_path(secret: str) -> str:
    """The card's path, in the default language."""
    with translation.override(settings.LANGUAGE_CODE):
        return reverse("venue_card", kwargs={"secret": secret})


def base_url(request: HttpRequest | None) -> str:
    """Where phones reach the app: ``CARD_BASE_URL``, else the request's own address."""
    if settings.CARD_BASE_URL:
        return settings.CARD_BASE_URL
    if request is None:
        return ""
    return request.build_absolute_uri("/").rstrip("/")


def card_url(request: HttpRequest | None, secret: str) -> str:
    """The card's absolute address, as its QR code holds it."""
    return base_url(request) + card_path(secret)


#: Error correction M (15 %).
CORRECTION = "m"


def _code(url: str) -> segno.QRCode:
    return segno.make(url, error=CORRECTION, micro=False)


def svg(url: str, title: str = "") -> str:
    """The QR code as an inline ``<svg>`` (no style attribute: the pages' Content-Security-Policy
    allows styles from files only); white behind it, so it scans on a dark screen too."""
    return _code(url).svg_inline(scale=4, border=4, title=title or None, light="#fff")


def png(url: str) -> bytes:
    """The QR code as a PNG for the PDFs (8 pixels a module: sharp where a viewer smooths a
    scaled image)."""
    buffer = io.BytesIO()
    _code(url).save(buffer, kind="png", scale=8, border=2)
    return buffer.getvalue()

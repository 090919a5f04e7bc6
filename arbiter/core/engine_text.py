"""An engine's English sentence in the reader's language (pairing/engines/messages.py).

The engines write their explanations from templates marked with ``N_``; the catalogue holds each
template as a msgid. :func:`translate` reads a sentence back clause by clause: at each place it
tries the templates (longest first) with their ``%(name)s`` values as wildcards that stop before
"; ", and where one matches up to the end of a clause ("; ", ": " or the end) writes the
template's translation with the same values. Whatever matches no template stays as written, so
an unknown sentence is shown in English rather than lost.

The templates are those of the modules imported so far; the apps import every module whose
sentences an arbiter may read when Django starts (``ready()`` in arbiter/core/apps.py and
pairing/apps.py), so this module imports none of them: they import it.
"""

import re
from functools import cache

from django.utils.translation import gettext

from pairing.engines import messages

_VALUE = re.compile(r"%\((\w+)\)s")


def _pattern(template: str) -> re.Pattern:
    parts, last = [], 0
    for found in _VALUE.finditer(template):
        parts.append(re.escape(template[last : found.start()]))
        parts.append(f"(?P<{found.group(1)}>[^;]+?)")
        last = found.end()
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts) + r"(?=; |: |$)")


@cache
def _patterns(count: int) -> list[tuple[str, re.Pattern]]:
    """The templates' patterns, longest first (`count`: how many templates are known, so that
    an engine imported later is seen too)."""
    templates = sorted(messages.TEMPLATES[:count], key=len, reverse=True)
    return [(template, _pattern(template)) for template in templates]


def translate(text: str) -> str:
    """`text`, an engine's sentence in English, in the active language."""
    if not text:
        return text
    patterns = _patterns(len(messages.TEMPLATES))
    out, at = [], 0
    while at < len(text):
        for template, pattern in patterns:
            found = pattern.match(text, at)
            if found:
                out.append(gettext(template) % found.groupdict())
                at = found.end()
                break
        else:
            ends = [i for i in (text.find("; ", at), text.find(": ", at)) if i >= 0]
            end = min(ends) if ends else len(text)
            out.append(text[at:end])
            at = end
        for separator in ("; ", ": "):
            if text.startswith(separator, at):
                out.append(separator)
                at += len(separator)
                break
    return "".join(out)

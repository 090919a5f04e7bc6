"""Words of the engines shown to people, marked for translation without Django.

The engines stay pure Python (no Django import: tests/pairing/engines check it), yet what they
say to an arbiter (why a player floats, why the bye) must reach them in their language. So an
engine writes its sentences from templates marked with :func:`N_`, at module level:

    FLOATS_UP = N_("floats up to meet %(opponent)s (%(points)s)")
    ...
    return FLOATS_UP % {"opponent": 7, "points": "2½"}

``N_`` returns the English template unchanged and records it in :data:`TEMPLATES`. The app's
``makemessages`` reads the calls too (``--keyword=N_``; docs/i18n.md), so each template is a msgid
of the catalogue. At display time the app (arbiter/core/engine_text.py) reads an engine's English
sentence back into its templates and values and writes it in the reader's language: this works
for sentences stored long ago too, since they are kept as the engine wrote them.

A template's values are written with ``%(name)s``; a value never holds "; " (the separator the
engines join their clauses with), so the app can find where each clause ends.
"""

#: Every template marked so far, in the order the modules were imported.
TEMPLATES: list[str] = []


def N_(template: str) -> str:
    """Mark `template` for translation, leaving it as it is (English)."""
    if template not in TEMPLATES:
        TEMPLATES.append(template)
    return template

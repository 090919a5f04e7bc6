"""Every message translated in every language (issue 21: Swedish, Russian, Finnish, French):
a string added without its translations fails the suite (docs/i18n.md)."""

import pytest

from tests.i18n.po import TRANSLATED, catalogue, messages


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_is_untranslated_or_fuzzy(language):
    untranslated, fuzzy = [], []
    for entry in messages(catalogue(language)):
        if "fuzzy" in entry.flags:
            fuzzy.append(entry.msgid)
        if not entry.msgstr or not all(entry.msgstr.values()):
            untranslated.append(entry.msgid)
    assert not fuzzy, f"{language}: {len(fuzzy)} fuzzy: {fuzzy[:20]}"
    assert not untranslated, f"{language}: {len(untranslated)} untranslated: {untranslated[:20]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_fide_notation_is_the_same_in_every_language(language):
    """½ and the result notation (1-0, ½-½, 0-1, +/-) are FIDE's, not a language's: a
    translation keeps every one its msgid has."""
    marks = ("½", "1-0", "0-1", "½-½", "+/-", "-/+", "1 - 0", "0 - 1", "½ - ½")
    wrong = []
    for entry in messages(catalogue(language)):
        for mark in marks:
            if mark in entry.msgid:
                wrong += [
                    entry.msgid for text in entry.msgstr.values() if text and mark not in text
                ]
    assert not wrong, f"{language}: {wrong}"

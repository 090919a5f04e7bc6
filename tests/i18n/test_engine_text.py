"""The engines' explanations: marked without Django, translated when shown (docs/i18n.md)."""

from django.utils import translation

from arbiter.core import engine_text
from pairing.engines.dutch import explain
from pairing.engines.messages import TEMPLATES


def test_every_explanation_template_is_marked():
    for name in ("FLOATS_DOWN", "FLOATS_UP", "BYE", "INSIDE", "GROUP", "COULD_HAVE_MET"):
        assert getattr(explain, name) in TEMPLATES


def test_an_english_sentence_reads_back_unchanged():
    down = explain.FLOATS_DOWN % {"opponent": 7, "points": "2½"}
    group = explain.GROUP % {"count": 3, "points": "2½"}
    odd = explain.ODD_LEFT % {"count": 3}
    text = f"{down}: {group}; {odd}; {explain.ALONE}; {explain.AGAIN_DOWN}"
    with translation.override("en"):
        assert engine_text.translate(text) == text
    bye = explain.BYE + "; " + explain.HAD_A_BYE % {"player": 9, "numbers": "10, 11"}
    with translation.override("en"):
        assert engine_text.translate(bye) == bye
    assert engine_text.translate("something no engine says; 4") == "something no engine says; 4"


def test_each_clause_is_translated_with_its_values(monkeypatch):
    """A clause is looked up as its template and written back with the same values."""
    catalogue = {
        explain.FLOATS_DOWN: "flyttas ned till %(opponent)s på %(points)s",
        explain.GROUP: "%(count)s spelare på %(points)s",
        explain.INSIDE: "lottad inom sin poänggrupp",
    }
    monkeypatch.setattr(engine_text, "gettext", lambda text: catalogue.get(text, text))
    down = explain.FLOATS_DOWN % {"opponent": 7, "points": "2½"}
    group = explain.GROUP % {"count": 3, "points": "2½"}
    translated = engine_text.translate(f"{down}: {group}; {explain.ALONE}")
    assert translated == f"flyttas ned till 7 på 2½: 3 spelare på 2½; {explain.ALONE}"
    assert engine_text.translate(explain.INSIDE) == "lottad inom sin poänggrupp"

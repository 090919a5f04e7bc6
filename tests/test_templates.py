"""Template comments: Django's {# #} holds one line only; a longer one is printed on the page."""

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def test_no_template_has_a_one_line_comment_spread_over_several_lines():
    spread = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            opened = line.rfind("{#")
            if opened != -1 and "#}" not in line[opened:]:
                spread.append(f"{path.relative_to(TEMPLATES)}:{number}")
    assert not spread, f"use {{% comment %}} for these: {spread}"

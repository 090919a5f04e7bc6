"""No English written in place in the templates or the script: the words a page shows, its
attributes read aloud or shown on hover (title, aria-label, placeholder, alt) and the questions
it asks (hx-confirm) go through {% translate %} or {% blocktranslate %}; the script takes its
sentences from the page (a data- attribute written by the template)."""

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Attributes a user reads or hears.
READ = {"title", "aria-label", "placeholder", "alt", "hx-confirm", "hx-prompt", "data-not-sent"}

#: Template syntax whose text is translated or is no text (removed before reading, keeping the
#: line numbers).
TEMPLATE_PARTS = [
    r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}",
    r"{#.*?#}",
    r"{%\s*blocktranslate.*?{%\s*endblocktranslate\s*%}",
    r"{%.*?%}",
    r"{{.*?}}",
]

#: Words that are the same in every language here: units and symbols.
SAME_EVERYWHERE = {"kg"}

WORD = re.compile(r"[^\W\d_]{2,}")


def english(text: str) -> bool:
    return any(word not in SAME_EVERYWHERE for word in WORD.findall(text))


class Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inside_code = 0
        self.found: list[tuple[int, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.inside_code += 1
        for name, value in attrs:
            if name in READ and value and english(value):
                self.found.append((self.getpos()[0], f"{name}={value.strip()!r}"))

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.inside_code -= 1

    def handle_data(self, data):
        if not self.inside_code and english(data):
            self.found.append((self.getpos()[0], repr(data.strip())))


def untranslated(source: str) -> list[tuple[int, str]]:
    for part in TEMPLATE_PARTS:
        source = re.sub(part, lambda m: "\n" * m.group().count("\n"), source, flags=re.S)
    # a JSON attribute (hx-headers, hx-vals) is data, not words
    source = re.sub(r"hx-(headers|vals)='[^']*'", "", source)
    reader = Reader()
    reader.feed(source)
    return reader.found


def test_no_template_shows_english_outside_translate():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for line, text in untranslated(path.read_text())
    ]
    assert not found, "Wrap in {% translate %} / {% blocktranslate %}:\n" + "\n".join(found)


def test_the_reader_finds_english():
    source = (
        '{% load i18n %}<p title="Badness {{ bad }}">{% translate "Seeds" %}</p>\n'
        '<form hx-confirm="Start again?"></form>\n'
        "<td>bye</td><td>{{ n }} kg</td>\n"
        '<b aria-label="{% blocktranslate %}Number {{ n }}{% endblocktranslate %}">{{ n }}</b>\n'
    )
    assert [line for line, _ in untranslated(source)] == [1, 2, 3]


def test_the_script_writes_no_sentence_of_its_own():
    """Every text the script shows comes from the page, in the page's language."""
    script = (ROOT / "static" / "js" / "app.js").read_text()
    code = re.sub(r"/\*.*?\*/|//[^\n]*|\"use strict\"", "", script, flags=re.S)
    strings = re.findall(r"\"([^\"\n]*)\"|'([^'\n]*)'|`([^`]*)`", code)
    sentences = [s for parts in strings for s in parts if re.search(r"[A-Za-z]{2,} [a-z]{2,}", s)]
    assert not sentences

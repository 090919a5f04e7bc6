"""A small reader of .po files (the catalogues in locale/), enough for the checks of tests/i18n."""

import ast
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

#: The languages that must be translated completely (English is the source).
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
LOCALE = Path(settings.LOCALE_PATHS[0])


@dataclass
class Entry:
    msgid: str = ""
    msgid_plural: str = ""
    msgstr: dict[str, str] = field(default_factory=dict)  # "" or the plural index
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return self.msgid, self.msgid_plural


def catalogue(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def read(path: Path) -> list[Entry]:
    """The entries of `path` (the header, msgid "", included)."""
    entries, entry, last = [], Entry(), None

    def close():
        nonlocal entry
        if entry.msgid or entry.msgstr:
            entries.append(entry)
        entry = Entry()

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#~"):
            entry.obsolete = True
            line = line[2:].strip()
            if not line:
                continue
        elif line.startswith("#,"):
            if entry.msgid or entry.msgstr:
                close()
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        elif not line or line.startswith("#"):
            if not line and (entry.msgid or entry.msgstr):
                close()
            continue
        if line.startswith('"'):
            value = ast.literal_eval(line)
            if last == "msgid":
                entry.msgid += value
            elif last == "msgid_plural":
                entry.msgid_plural += value
            else:
                entry.msgstr[last] += value
            continue
        keyword, _, rest = line.partition(" ")
        value = ast.literal_eval(rest)
        if keyword == "msgid":
            if entry.msgid or entry.msgstr:
                close()
            entry.msgid, last = value, "msgid"
        elif keyword == "msgid_plural":
            entry.msgid_plural, last = value, "msgid_plural"
        elif keyword.startswith("msgstr"):
            index = keyword[7:-1] if "[" in keyword else ""
            entry.msgstr[index] = value
            last = index
    close()
    return entries


def messages(path: Path) -> list[Entry]:
    """The messages to translate: no header, no obsolete entries."""
    return [e for e in read(path) if e.msgid and not e.obsolete]

"""Every refusal and message the app shows goes through gettext (docs/i18n.md, "Marking strings").

The app's Python (arbiter/ and pairing/, outside the engines, which mark with ``N_``) is read as
source: a refusal raised, a message flashed, a form error, a response body or a page's notice
written as a plain string, an f-string or pieces glued together fails here, named by its file
and line, so an English sentence cannot come back beside the translated ones.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Not the app's pages: the engines mark their sentences with N_ and are translated at display
#: (arbiter/core/engine_text.py); the command line (`python -m pairing`) and the management commands
#: print on a console in English; settings and migrations speak to developers.
SKIPPED = ("pairing/engines/", "pairing/commands/", "/management/", "/migrations/")
SKIPPED_FILES = {"arbiter/settings.py"}

#: The calls that mark a string for translation (N_: stored in English, shown translated).
MARKS = {
    "_",
    "gettext",
    "gettext_lazy",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
    "N_",
}

#: Exceptions whose text no user reads, each with why.
UNREAD = {
    # templates/404.html shows no exception text (checked below)
    "Http404": "every path",
    # raised only to the backup and restore commands, on a console (checked below)
    "BackupError": "arbiter/desk/backup.py",
    # a developer's mistake in arbiter/urls.py, at start-up
    "LookupError": "arbiter/platform/i18n.py",
    # a worker's child process died: the job says "An unexpected error stopped it"
    "RuntimeError": "arbiter/platform/time_limit.py",
}

#: Calls whose text arguments reach the page (flashed messages, response bodies, form errors),
#: with the first argument that carries text.
SHOWN_CALLS = {
    "messages.success": 1,
    "messages.error": 1,
    "messages.warning": 1,
    "messages.info": 1,
    "messages.add_message": 2,
    "HttpResponse": 0,
    "HttpResponseBadRequest": 0,
    "HttpResponseForbidden": 0,
    "HttpResponseNotFound": 0,
    "add_error": 1,
    "fail": 0,
}

#: Keyword arguments and context keys that carry a text to the page.
SHOWN_NAMES = {"notice", "error", "message", "label", "help_text"}

#: Files whose keyword texts no user reads: a model's field texts are the admin's (staff only);
#: the forms give each field its translated label and help text (docs/i18n.md).
MODELS = (
    "arbiter/core/models.py",
    "pairing/round_robin/models.py",
    "pairing/swiss/models.py",
    "pairing/swiss/trf/models.py",
    "pairing/monrad/models.py",
    "pairing/knockout/models.py",
    "judo/models.py",
)


def sources() -> list[Path]:
    found = []
    for package in ("arbiter", "pairing", "judo"):
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name in SKIPPED_FILES or any(part in f"/{name}" for part in SKIPPED):
                continue
            found.append(path)
    return found


def name_of(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def shown_from(call: ast.Call, types: set[str]) -> int | None:
    """The first positional argument of ``call`` that a user reads, None when none is."""
    func = call.func
    if isinstance(func, ast.Attribute) and name_of(func.value) == "messages":
        return SHOWN_CALLS.get(f"messages.{func.attr}")
    called = name_of(func)
    if called in SHOWN_CALLS:
        return SHOWN_CALLS[called]
    if called in types - set(UNREAD) or (called.endswith("Error") and called not in UNREAD):
        return 0  # a refusal, or an error kept for the page (a list's LineError)
    return None


def is_text(node: ast.expr | None) -> bool:
    """English written in place: a literal with a word in it, an f-string with a word, or such
    pieces glued with + or %, joined or formatted; a marked call is not."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and any(c.isalpha() for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return any(is_text(part) for part in node.values)
    if isinstance(node, ast.BinOp):
        return is_text(node.left) or (isinstance(node.op, ast.Add) and is_text(node.right))
    if isinstance(node, ast.IfExp):
        return is_text(node.body) or is_text(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        glued = node.func.attr in ("format", "join", "upper", "lower", "capitalize")
        return glued and is_text(node.func.value)
    return False


def refusal_types(trees: dict[str, ast.Module]) -> set[str]:
    """The exception classes of the app (any class deriving, through the app's own, from an
    exception), so a new one is checked without being listed here."""
    known = {"Exception", "ValueError", "LookupError", "KeyError", "RuntimeError"}
    known |= {"ValidationError", "PermissionDenied", "BadRequest", "SuspiciousOperation"}
    classes = [
        (node.name, {name_of(base) for base in node.bases})
        for tree in trees.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    ]
    grown = True
    while grown:
        grown = False
        for name, bases in classes:
            if name not in known and bases & known:
                known.add(name)
                grown = True
    return known


def offenders(trees: dict[str, ast.Module], root: Path = ROOT) -> list[str]:
    """Each text shown untranslated, as "path:line: what: the line"."""
    types = refusal_types(trees)
    found: list[tuple[str, int, str]] = []
    for path, tree in trees.items():

        def offend(node: ast.AST, what: str, path: str = path) -> None:
            found.append((path, node.lineno, what))

        raised = {id(node.exc) for node in ast.walk(tree) if isinstance(node, ast.Raise)}
        for node in ast.walk(tree):
            if id(node) in raised:
                continue  # read as the raise it is
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                kind = name_of(node.exc.func)
                if kind in UNREAD and UNREAD[kind] in ("every path", path):
                    continue
                if kind in types or kind.endswith(("Error", "Exception")):
                    arguments = [*node.exc.args]
                    arguments += [k.value for k in node.exc.keywords if k.arg in SHOWN_NAMES]
                    if any(is_text(a) for a in arguments):
                        offend(node, f"raise {kind} with English text")
            elif isinstance(node, ast.Call):
                called = name_of(node.func)
                if called in MARKS:
                    continue
                first = shown_from(node, types)
                if first is not None and any(is_text(a) for a in node.args[first:]):
                    offend(node, f"{called}() with English text")
                for keyword in node.keywords:
                    if path in MODELS and keyword.arg in ("label", "help_text"):
                        continue
                    if keyword.arg in SHOWN_NAMES and is_text(keyword.value):
                        offend(keyword.value, f"{keyword.arg}= with English text")
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    said = isinstance(key, ast.Constant) and key.value in SHOWN_NAMES
                    if said and is_text(value):
                        offend(value, f"{{{key.value!r}: ...}} with English text")
            elif isinstance(node, ast.Assign) and is_text(node.value):
                for target in node.targets:
                    key = target.slice if isinstance(target, ast.Subscript) else None
                    if isinstance(key, ast.Constant) and key.value in SHOWN_NAMES:
                        offend(node, f"[{key.value!r}] set to English text")
    named = []
    for path, line, what in sorted(set(found)):
        text = (root / path).read_text().splitlines()[line - 1].strip()
        named.append(f"{path}:{line}: {what}: {text}")
    return named


@pytest.fixture(scope="module")
def trees() -> dict[str, ast.Module]:
    return {
        path.relative_to(ROOT).as_posix(): ast.parse(path.read_text(), filename=str(path))
        for path in sources()
    }


@pytest.mark.slow
def test_every_refusal_and_message_goes_through_gettext(trees):
    found = offenders(trees)
    assert not found, "English shown untranslated (wrap it in gettext):\n" + "\n".join(found)


def test_the_scan_reads_the_app(trees):
    """The scan sees the services and views (a moved package would make it pass on nothing)."""
    assert "arbiter/core/services/entries.py" in trees
    assert "pairing/rounds/services.py" in trees
    assert len(trees) > 60
    assert {"EntryError", "StaleDraft", "JobRefused", "InputTooLarge"} <= refusal_types(trees)


def test_the_scan_finds_english(tmp_path):
    """Each kind of offence is found and named by its line; marked text passes."""
    source = """
def view(request, number):
    raise RoundError(f"Round {number} is published.")
    raise RoundError(gettext("Round %(n)s is published.") % {"n": number})
    messages.error(request, "Nothing was saved.")
    messages.error(request, _("Nothing was saved."))
    form.add_error(None, "Nothing " + "was saved.")
    return board.fail(request, tournament, notice="Saved: " + name)
    context["error"] = "A category needs two competitors."
    raise ValidationError("Too long.", code="long")
    raise Http404("No such page.")
    errors.append(LineError(line, f"expected {n} fields"))
    return render(request, "page.html", {"error": "Nothing was saved."})
    field = forms.CharField(help_text="Lastname, Firstname", max_length=100)
"""
    (tmp_path / "view.py").write_text(source)
    found = offenders({"view.py": ast.parse(source)}, root=tmp_path)
    lines = [int(line.split(":")[1]) for line in found]
    assert lines == [3, 5, 7, 8, 9, 10, 12, 13, 14]  # not 4, 6 (marked) nor 11 (a 404's text)
    assert found[0] == (
        'view.py:3: raise RoundError with English text: raise RoundError(f"Round {number} is '
        'published.")'
    )


def test_exempt_texts_are_never_shown():
    """The exemptions above hold: the 404 page shows no exception text, and a BackupError
    reaches the backup and restore commands only."""
    page = (ROOT / "templates" / "404.html").read_text()
    assert "exception" not in page
    users = {
        path.relative_to(ROOT).as_posix()
        for package in ("arbiter", "pairing", "judo")
        for path in (ROOT / package).rglob("*.py")
        if "BackupError" in path.read_text()
    }
    assert users == {
        "arbiter/desk/backup.py",
        "arbiter/desk/management/commands/backup.py",
        "arbiter/desk/management/commands/restore.py",
    }

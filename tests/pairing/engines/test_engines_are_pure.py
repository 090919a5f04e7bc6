"""The draw engines are plain Python: nothing under pairing/engines imports Django."""

import ast
from pathlib import Path

import pairing.engines

ENGINES = Path(pairing.engines.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
    return modules


def test_no_engine_module_imports_django_or_the_apps():
    offenders = {
        str(path.relative_to(ENGINES)): sorted(
            m for m in imported_modules(path) if m.split(".")[0] in {"django", "arbiter"}
        )
        for path in ENGINES.rglob("*.py")
    }
    assert {path: mods for path, mods in offenders.items() if mods} == {}
    assert offenders, "the engines package has modules to check"

"""The import graph of the project's modules, read from the source: no cycle, and engines without
Django (issue 27; docs/adding-a-system.md).

Every ``import`` and ``from ... import`` counts, wherever it stands: at module level, inside a
function (a late import still ties the two modules together) or under ``TYPE_CHECKING``. An
import names the deepest project module it reaches (``from pairing.services import swiss`` is
an edge to ``pairing.services.swiss``); imports of other packages are left out, and so are the
dotted paths given as strings (``import_string``), which no import graph sees.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("arbiter", "pairing", "judo")


def project_modules() -> dict[str, Path]:
    """Dotted name -> file, for every module under the project's packages."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _deepest(name: str, modules: dict[str, Path]) -> str | None:
    """The project module ``name`` is, or is inside (``arbiter.models.Tournament`` ->
    ``arbiter.models``); None for another package."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imported_names(module: str, path: Path) -> set[str]:
    """Every dotted name ``module`` imports, relative imports resolved."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")
                if path.name != "__init__.py":
                    package.pop()
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    modules = project_modules()
    graph = {}
    for module, path in modules.items():
        targets = {_deepest(name, modules) for name in imported_names(module, path)}
        graph[module] = targets - {None, module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        # iterative depth-first search: (module, its successors still to visit)
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[module] = min(low[module], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[module])
                if low[module] == index[module]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def _path_within(graph: dict[str, set[str]], component: list[str]) -> str:
    """One cycle through the component's first module, written ``a -> b -> a``."""
    members = set(component)
    start = component[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        module = frontier.pop(0)
        for successor in sorted(graph[module] & members):
            if successor == start:
                path = [start]
                while module != start:
                    path.append(module)
                    module = came_from[module]
                return " -> ".join([start, *reversed(path[1:]), start])
            if successor not in came_from:
                came_from[successor] = module
                frontier.append(successor)
    return ", ".join(component)


def test_the_project_modules_import_one_another_without_a_cycle():
    graph = import_graph()
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(_path_within(graph, c) for c in found)


#: The rooms (docs/layout.md), from the ground up: a room imports only rooms before it here.
ROOMS = (
    "pairing.engines",
    "arbiter.core",
    "arbiter.platform",
    "arbiter.ratings",
    "arbiter.teams",
    "pairing.rounds",
    "pairing.team_rounds",
    "pairing.team_round_robin",
    "pairing.team_swiss",
    "pairing.round_robin",
    "pairing.swiss",
    "pairing.monrad",
    "pairing.knockout",
    "pairing",
    "judo",
    "arbiter.events",
    "arbiter.publishing",
    "arbiter.live",
    "arbiter.venue",
    "arbiter.desk",
    "arbiter.public",
    "arbiter",
)


def room_of(module: str) -> str:
    """The room a module lives in: the longest room name it starts with."""
    return max((r for r in ROOMS if module == r or module.startswith(r + ".")), key=len)


def test_every_room_imports_only_the_rooms_below_it():
    """Toward the core: the engines at the bottom, then the core, the platform, the pairing
    systems (the round lifecycle they share first), the judo day, the arbiter's desk, the public
    site and the project's URLs and settings on top. Migrations are left out (they name the
    models of their time)."""
    upward = sorted(
        f"{module} ({room_of(module)}) imports {target} ({room_of(target)})"
        for module, targets in import_graph().items()
        if ".migrations." not in module
        for target in targets
        if ROOMS.index(room_of(target)) > ROOMS.index(room_of(module))
    )
    assert not upward, "imports pointing away from the core:\n" + "\n".join(upward)


def test_the_cycles_named_in_issue_27_are_gone():
    graph = import_graph()
    for a, b in (
        ("arbiter.core.models", "arbiter.core.systems"),
        ("pairing.engines.dutch.api", "pairing.engines.dutch.explain"),
    ):
        assert not (b in graph[a] and a in graph[b]), f"{a} and {b} import each other"


def test_the_finder_sees_a_cycle_through_a_late_import(tmp_path):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert _path_within(graph, ["a", "b", "c"]) == "a -> b -> c -> a"
    late = tmp_path / "late.py"
    late.write_text("def f():\n    from . import sibling\n    import arbiter.models.x\n")
    assert imported_names("pkg.late", late) == {"pkg", "pkg.sibling", "arbiter.models.x"}


def test_the_engines_import_no_django():
    """Neither Django (nor a Django package) nor a module of the app, which would bring it."""
    modules = project_modules()
    offenders = sorted(
        f"{module} imports {name}"
        for module, path in modules.items()
        if module.startswith("pairing.engines")
        for name in imported_names(module, path)
        if name.split(".")[0].startswith("django")
        or (_deepest(name, modules) or "pairing.engines").partition("pairing.engines")[0]
    )
    assert not offenders, "\n".join(offenders)

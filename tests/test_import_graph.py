"""The package's import graph, read from the source: no circle, no module over 900 lines.

The graph is built with :mod:`ast` from every module under ``whistgui/`` — imports at any
depth, lazy imports inside functions included, those under ``if TYPE_CHECKING:`` aside (they
never run). An import names the deepest module it reaches: ``import a.b.c`` and ``from a.b
import c`` (``c`` a module) are edges to ``a.b.c``; ``from a.b import name`` is an edge to the
package ``a.b`` (its ``__init__``), as import-linter's graph counts them. A circle is a set of
modules that reach each other (a strongly connected component); it is reported as a path.

Circles across packages are circles too: a module circle may run through several packages (an
app module and a UI module importing each other), and the parts of one package — its modules
and its subpackages, a subpackage counting with everything under it — must not import each other
in a circle either (``engine.games`` → ``engine.tables`` → ``engine.games`` through different
modules, ``app`` → ``ui`` → ``app``), whatever their modules do. import-linter's layers
contract checks the few layers it names; this checks every package.

The engine, the application layer, the command line, the figures and the top-level modules are
held to both rules strictly. The UI's debts of today are listed in :data:`KNOWN_UI_DEBT`, which
must be exact: a debt paid must leave the list, so it only shrinks.
"""

from __future__ import annotations

import ast
import itertools
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "whistgui"
MAX_LINES = 900
UI = "whistgui.ui"

#: The UI's offences of today, to be paid off (issue 24): a module over :data:`MAX_LINES`
#: lines (``long <module>``), a circle of modules (``circle <its modules, sorted>``) and a
#: circle of a package's parts (``package circle <its parts, sorted>``).
KNOWN_UI_DEBT: frozenset[str] = frozenset()  # all paid off (issue 24)


# ----------------------------------------------------------------------------- the graph
@dataclass(frozen=True, slots=True)
class Module:
    name: str
    path: Path
    file: str  # the path from the source root, as an offence names it

    @property
    def is_package(self) -> bool:
        return self.path.name == "__init__.py"

    @property
    def lines(self) -> int:
        return len(self.path.read_text(encoding="utf-8").splitlines())


def modules(root: Path = ROOT, package: str = PACKAGE) -> dict[str, Module]:
    """Every module of ``package`` (a package's ``__init__`` under the package's name)."""
    out = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        out[name] = Module(name, path, path.relative_to(root).as_posix())
    return out


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` (or ``t.TYPE_CHECKING``)."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of ``tree`` at any depth, but for the body of an ``if
    TYPE_CHECKING:`` (its ``else`` runs, and is walked)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _deepest(name: str, known: dict[str, Module]) -> str | None:
    """The deepest module of the package that ``name`` (a dotted path) reaches."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def imported(module: Module, known: dict[str, Module]) -> set[str]:
    """The package's modules that ``module`` imports (itself aside)."""
    tree = ast.parse(module.path.read_text(encoding="utf-8"), str(module.path))
    here = module.name if module.is_package else module.name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = here.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" for alias in node.names]
        for target in targets:
            found = _deepest(target, known)
            if found is not None and found != module.name:
                out.add(found)
    return out


def graph(known: dict[str, Module]) -> dict[str, set[str]]:
    return {name: imported(m, known) for name, m in known.items()}


# ----------------------------------------------------------------------------- circles
def components(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    scc = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        scc.append(m)
                        if m == node:
                            break
                    if len(scc) > 1:
                        out.append(sorted(scc))
    return out


def cycle_path(edges: dict[str, set[str]], scc: Iterable[str]) -> list[str]:
    """A shortest circle through the first module of ``scc``, as a path back to it."""
    members = set(scc)
    start = min(members)
    came: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(edges[node] & members):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return [start, *reversed(path[:-1]), start] if node != start else [start, start]
            if child not in came:
                came[child] = node
                queue.append(child)
    raise AssertionError(f"{sorted(members)} is not a circle")


def package_circles(
    known: dict[str, Module], edges: dict[str, set[str]]
) -> list[tuple[str, list[str], dict[str, set[str]]]]:
    """For every package, the circles among its parts (its modules and subpackages, each
    subpackage with everything under it; the package's own ``__init__`` aside, which may import
    its parts): (package, the parts of a circle, the parts' graph). Only circles with a
    subpackage among their parts: a circle of plain modules is a module circle already."""
    out = []
    for package in sorted(n for n, m in known.items() if m.is_package):
        prefix = package + "."

        def part(name: str, prefix: str = prefix) -> str | None:
            if not name.startswith(prefix):
                return None
            return prefix + name[len(prefix) :].split(".")[0]

        parts: dict[str, set[str]] = {}
        for source, targets in edges.items():
            a = part(source)
            if a is None:
                continue
            parts.setdefault(a, set())
            for target in targets:
                b = part(target)
                if b is not None and b != a:
                    parts[a].add(b)
                    parts.setdefault(b, set())
        for scc in components(parts):
            if any(known[p].is_package for p in scc):
                out.append((package, scc, parts))
    return out


def _witness(edges: dict[str, set[str]], a: str, b: str) -> str:
    """A module import that makes the part ``a`` import the part ``b``."""
    for source in sorted(edges):
        if source == a or source.startswith(a + "."):
            for target in sorted(edges[source]):
                if target == b or target.startswith(b + "."):
                    return f"{source} imports {target}"
    raise AssertionError(f"{a} does not import {b}")


def _in_ui(name: str) -> bool:
    return name == UI or name.startswith(UI + ".")


@dataclass(frozen=True, slots=True)
class Offence:
    key: str  # as in KNOWN_UI_DEBT
    text: str  # what a failing test shows
    ui_only: bool


def offences(known: dict[str, Module] | None = None) -> list[Offence]:
    known = modules() if known is None else known
    edges = graph(known)
    out = []
    for scc in components(edges):
        path = cycle_path(edges, scc)
        rest = sorted(set(scc) - set(path))
        more = f" (and through {', '.join(rest)})" if rest else ""
        out.append(
            Offence(
                "circle " + " ".join(scc),
                f"a circle of {len(scc)} modules: {' → '.join(path)}{more}",
                all(_in_ui(m) for m in scc),
            )
        )
    for package, scc, parts in package_circles(known, edges):
        path = cycle_path(parts, scc)
        hops = "; ".join(_witness(edges, a, b) for a, b in itertools.pairwise(path))
        out.append(
            Offence(
                "package circle " + " ".join(scc),
                f"a circle of {len(scc)} parts of {package}: {' → '.join(path)} ({hops})",
                all(_in_ui(m) for m in scc),
            )
        )
    for name, m in sorted(known.items()):
        if m.lines > MAX_LINES:
            out.append(
                Offence(
                    f"long {name}",
                    f"{m.file}: {m.lines:,} lines (at most {MAX_LINES})",
                    _in_ui(name),
                )
            )
    return out


# ----------------------------------------------------------------------------- the tests
@pytest.fixture(scope="module")
def found() -> list[Offence]:
    return offences()


def test_no_circle_and_no_long_module_outside_the_ui(found):
    """The engine, app, cli, figures and top-level modules: no circle (a circle that reaches
    into the UI from outside counts here too), no module over 900 lines."""
    strict = [o.text for o in found if not o.ui_only]
    assert not strict, "\n".join(strict)


def test_the_ui_debt_is_listed_exactly(found):
    """A new circle or long module in the UI fails; so does a listed one that is gone (take
    it off :data:`KNOWN_UI_DEBT`: the list only shrinks)."""
    ui = {o.key: o.text for o in found if o.ui_only}
    new = sorted(set(ui) - KNOWN_UI_DEBT)
    paid = sorted(KNOWN_UI_DEBT - set(ui))
    assert not new, "new UI debt:\n" + "\n".join(ui[k] for k in new)
    assert not paid, "paid off, take it off KNOWN_UI_DEBT:\n" + "\n".join(paid)


def test_the_graph_sees_every_kind_of_import(tmp_path):
    """Top-level, lazy (in a function), relative and ``from package import module`` imports
    are edges; ``if TYPE_CHECKING:`` imports are not (its ``else`` is); circles are found
    and shown as a path, long modules named."""
    pkg = tmp_path / "p"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "a.py": "import p.b\n",
        "b.py": "def f():\n    from p.sub import c\n",
        "sub/__init__.py": "from typing import TYPE_CHECKING\n",
        "sub/c.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p import d\n"
            "else:\n    from .. import a\n"
        ),
        "d.py": "from p.sub import NAME\nimport typing\nif typing.TYPE_CHECKING:\n    import p.a\n",
        "e.py": "\n" * (MAX_LINES + 1),
    }
    for rel, text in files.items():
        (pkg / rel).write_text(text)
    known = modules(tmp_path, "p")
    edges = graph(known)
    assert edges["p.a"] == {"p.b"}
    assert edges["p.b"] == {"p.sub.c"}
    assert edges["p.sub.c"] == {"p.a"}  # relative; the TYPE_CHECKING import of p.d left out
    assert edges["p.d"] == {"p.sub"}  # a name of the package: its __init__
    assert components(edges) == [["p.a", "p.b", "p.sub.c"]]
    assert cycle_path(edges, ["p.a", "p.b", "p.sub.c"]) == ["p.a", "p.b", "p.sub.c", "p.a"]
    texts = [o.text for o in offences(known)]
    assert texts[0] == "a circle of 3 modules: p.a → p.b → p.sub.c → p.a"
    assert texts[1] == (  # the same circle through the subpackage p.sub, as a part of p
        "a circle of 3 parts of p: p.a → p.b → p.sub → p.a "
        "(p.a imports p.b; p.b imports p.sub.c; p.sub.c imports p.a)"
    )
    assert texts[2].endswith(f"e.py: {MAX_LINES + 1:,} lines (at most {MAX_LINES})")
    assert len(texts) == 3


def test_a_circle_of_packages_is_found_where_no_module_circle_is(tmp_path):
    """``q.m`` imports ``q.s.a`` and ``q.s.b`` imports ``q.m``: no module imports itself back,
    but the package's parts ``q.m`` and ``q.s`` import each other."""
    pkg = tmp_path / "q"
    (pkg / "s").mkdir(parents=True)
    files = {
        "__init__.py": "from q import m\n",  # a package may import its parts
        "m.py": "from q.s import a\n",
        "s/__init__.py": "",
        "s/a.py": "",
        "s/b.py": "import q.m\n",
    }
    for rel, text in files.items():
        (pkg / rel).write_text(text)
    known = modules(tmp_path, "q")
    edges = graph(known)
    assert components(edges) == []
    found = offences(known)
    assert [o.key for o in found] == ["package circle q.m q.s"]
    assert found[0].text == (
        "a circle of 2 parts of q: q.m → q.s → q.m (q.m imports q.s.a; q.s.b imports q.m)"
    )

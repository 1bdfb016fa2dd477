"""The layers of ARCHITECTURE.md, kept: no forbidden import arrow and no import cycle between packages.

Every module under ``mahjong_joy/`` is parsed with :mod:`ast` (nothing is imported),
and every import statement counts wherever it sits: at module level, inside a
function (a lazy import), or under ``if TYPE_CHECKING:``. Relative imports are
resolved against the importing module's package. A "package" here is a top-level
package (``engine``, ``ui``...) or a top-level module (``controller``, ``names``,
``tiles``...), each one node of the graph.

The checker is plain functions over a list of :class:`Arrow`, so the tests at the
bottom also run it on a small made-up graph and see it fail.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

import mahjong_joy

ROOT = "mahjong_joy"
PACKAGE_DIR = Path(mahjong_joy.__file__).parent


@dataclass(frozen=True)
class Arrow:
    """One import: ``source`` module imports ``target`` (a module, or an outside name such as ``pygame``)."""

    source: str
    target: str
    line: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line} imports {self.target}"


@dataclass(frozen=True)
class Never:
    """A forbidden arrow: a module in one of ``sources`` importing one of ``targets``.

    Both are dotted names below ``mahjong_joy`` (``engine``, ``rulesets.riichi``) or an
    outside top-level name (``pygame``); a name covers its submodules. ``sources``
    ``("*",)`` means every package except ``except_sources``; a target in
    ``except_targets`` is allowed (the UI may import action types for display)."""

    why: str
    sources: tuple[str, ...]
    targets: tuple[str, ...]
    except_sources: tuple[str, ...] = ()
    except_targets: tuple[str, ...] = ()


FAMILIES = ("rulesets.riichi", "rulesets.mcr", "rulesets.joy")
NEVERS = (
    Never("the engine knows the Ruleset interface, never one family", ("engine",), FAMILIES),
    Never("the rules core stands below every consumer", ("engine", "rulesets", "hand"),
          ("ai", "controller", "replay", "storage", "ui", "app")),
    Never("storage only stores rows and files", ("storage",), ("controller", "replay", "ai", "ui", "engine", "app")),
    Never("records replay through the engine, never through the controller", ("replay",), ("controller", "ai", "app", "ui")),
    Never("an AI reads its seat's view only", ("ai",), ("replay", "storage", "controller", "ui", "app")),
    Never("screens read the controller's snapshot (the engine's value types for display excepted: actions, the hand outcome)",
          ("ui",), ("engine", "hand"), except_targets=("engine.actions", "engine.outcome")),
    Never("only the UI draws", ("*",), ("pygame",), except_sources=("ui",)),
)

# Arrows that exist on main today and that other branches of issue 24 are removing.
# Each names its module pair exactly; the lead deletes an entry once its branch has landed.
TEMPORARY: dict[tuple[str, str], str] = {
}


# ----------------------------------------------------------------------------- reading

def modules(package_dir: Path = PACKAGE_DIR) -> dict[str, tuple[Path, bool]]:
    """Every module under the package: dotted name -> (file, is a package's ``__init__``)."""
    out = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = (path, is_package)
    return out


ROOT = "mahjong_joy"


def _root_exports() -> dict[str, str]:
    """The package root's lazy re-exports (name -> defining module), read from its source,
    so ``from mahjong_joy import shanten`` counts as an arrow to ``mahjong_joy.hand.shanten``."""
    tree = ast.parse((PACKAGE_DIR / "__init__.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            if isinstance(target, ast.Name) and target.id == "_LAZY":
                return {k.value: v.value for k, v in zip(node.value.keys, node.value.values)}
    return {}


ROOT_EXPORTS = _root_exports()


def arrows_in(source: str, text: str, is_package: bool, known: Iterable[str]) -> list[Arrow]:
    """Every import in one module's text, wherever it sits, targets resolved to modules.

    ``from pkg import name`` points at ``pkg.name`` when that is a module, else at ``pkg``.
    """
    known = set(known)
    package = source if is_package else source.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            out += [Arrow(source, alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                target = full if full in known else ROOT_EXPORTS.get(alias.name, base) if base == ROOT else base
                out.append(Arrow(source, target, node.lineno))
    return out


def project_arrows(package_dir: Path = PACKAGE_DIR) -> tuple[Arrow, ...]:
    """All arrows of a package, read from its files."""
    found = modules(package_dir)
    out = []
    for name, (path, is_package) in found.items():
        out += arrows_in(name, path.read_text(encoding="utf-8"), is_package, found)
    return tuple(out)


@lru_cache(maxsize=1)
def the_project() -> tuple[Arrow, ...]:
    """Mahjong Joy's own arrows, read once per test run."""
    return project_arrows(PACKAGE_DIR)


# ----------------------------------------------------------------------------- checking

def node_of(module: str) -> str:
    """The graph node of a module: its top-level package or module under ``mahjong_joy``
    (``mahjong_joy`` itself for the package's ``__init__``), or an outside top-level name."""
    parts = module.split(".")
    if parts[0] != ROOT:
        return parts[0]
    return parts[1] if len(parts) > 1 else ROOT


def _within(module: str, names: Iterable[str]) -> bool:
    """Whether ``module`` is one of ``names`` (given below ``mahjong_joy``, or outside names) or below one."""
    for name in names:
        for full in (f"{ROOT}.{name}", name):
            if module == full or module.startswith(full + "."):
                return True
    return False


def broken(arrows: Iterable[Arrow], nevers: Iterable[Never] = NEVERS,
           allowed: dict[tuple[str, str], str] | None = None) -> list[str]:
    """Each forbidden arrow, with the rule it breaks; ``allowed`` exact module pairs are let through."""
    allowed = TEMPORARY if allowed is None else allowed
    out = []
    for arrow in arrows:
        if (arrow.source, arrow.target) in allowed:
            continue
        for never in nevers:
            if never.sources == ("*",):
                source_in = not _within(arrow.source, never.except_sources)
            else:
                source_in = _within(arrow.source, never.sources)
            if source_in and _within(arrow.target, never.targets) and not _within(arrow.target, never.except_targets):
                out.append(f"{arrow} ({never.why})")
    return out


def package_graph(arrows: Iterable[Arrow]) -> dict[str, set[str]]:
    """Which package imports which (project packages only; no self-arrows)."""
    graph: dict[str, set[str]] = {}
    for arrow in arrows:
        if arrow.target.split(".")[0] != ROOT:
            continue
        a, b = node_of(arrow.source), node_of(arrow.target)
        graph.setdefault(a, set())
        graph.setdefault(b, set())
        if a != b:
            graph[a].add(b)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one package (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def _lines(items: Iterable[object]) -> Iterator[str]:
    for item in items:
        yield f"  {item}"


# ----------------------------------------------------------------------------- the project

def test_the_reader_sees_lazy_type_checking_and_relative_imports() -> None:
    arrows = the_project()
    assert len(arrows) > 500
    targets = {(a.source, a.target) for a in arrows}
    # lazy (inside a function): replay --view opens the UI only when asked
    assert ("mahjong_joy.commands.replay", "mahjong_joy.ui.replay_session") in targets
    # under TYPE_CHECKING
    assert ("mahjong_joy.app.archive", "mahjong_joy.replay.autosave") in targets


def test_no_forbidden_arrow() -> None:
    found = broken(the_project())
    assert not found, "forbidden imports (see ARCHITECTURE.md):\n" + "\n".join(_lines(found))


def test_every_temporary_allowance_still_names_an_arrow_that_exists() -> None:
    """An allowance whose arrow is gone must be deleted, so the list only ever shrinks."""
    pairs = {(a.source, a.target) for a in the_project()}
    stale = [pair for pair in TEMPORARY if pair not in pairs]
    assert not stale, f"delete these TEMPORARY entries, their arrows are gone: {stale}"


def test_no_import_cycle_between_packages() -> None:
    found = cycles(package_graph(the_project()))
    assert not found, f"packages importing each other: {found}"


def test_the_engine_imports_without_pygame_or_the_upper_layers() -> None:
    """What the arrows promise, seen from the package graph: the core reaches none of the upper floors."""
    graph = package_graph(the_project())

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    upper = {"ai", "controller", "replay", "storage", "ui", "app", "commands"}
    for core in ("tiles", "names", "hand", "rulesets", "engine"):
        assert not reach(core) & upper, (core, reach(core) & upper)


# ----------------------------------------------------------------------------- the checker itself

def fake(*pairs: str) -> list[Arrow]:
    """Arrows from ``"a.b -> c.d"`` strings (module names below ``mahjong_joy``, or outside names)."""
    out = []
    for n, pair in enumerate(pairs, start=1):
        source, target = (part.strip() for part in pair.split("->"))
        full = target if target.split(".")[0] == "pygame" else f"{ROOT}.{target}"
        out.append(Arrow(f"{ROOT}.{source}", full, n))
    return out


@pytest.mark.parametrize("pair", [
    "engine.match -> rulesets.riichi.settle",
    "engine.state -> rulesets.joy",
    "hand.waits -> controller",
    "rulesets.presets -> storage.settings",
    "storage.archive -> replay.record",
    "storage.history -> engine.events",
    "replay.branch -> controller",
    "replay.branch -> ai",
    "ai.reading -> replay.seats",
    "ui.guide -> hand.shanten",
    "ui.replay_session -> engine.view",
    "controller -> pygame",
    "replay.cursor -> pygame.display",
])
def test_the_checker_refuses_each_kind_of_forbidden_arrow(pair: str) -> None:
    assert len(broken(fake(pair), allowed={})) == 1


@pytest.mark.parametrize("pair", [
    "ui.scenes.table -> engine.actions",
    "ui.tiles_art -> pygame",
    "controller -> replay.record",
    "engine.match -> rulesets.base",
    "app.archive -> storage.history",
    "ai.reading -> names",
])
def test_the_checker_lets_allowed_arrows_through(pair: str) -> None:
    assert broken(fake(pair), allowed={}) == []


def test_a_temporary_allowance_lets_exactly_its_pair_through() -> None:
    arrows = fake("engine.match -> rulesets.riichi.settle", "engine.match -> rulesets.riichi.flow")
    allowed = {(f"{ROOT}.engine.match", f"{ROOT}.rulesets.riichi.settle"): "branch rules"}
    assert [line.split(" (")[0] for line in broken(arrows, allowed=allowed)] == [f"{ROOT}.engine.match:2 imports {ROOT}.rulesets.riichi.flow"]


def test_the_cycle_finder_sees_a_package_loop_and_nothing_else() -> None:
    loop = fake("storage.archive -> replay.record", "replay.pending -> storage.archive", "replay.record -> engine.match",
                "engine.match -> engine.state")
    assert cycles(package_graph(loop)) == [["replay", "storage"]]
    assert cycles(package_graph(fake("replay.record -> engine.match", "app.archive -> replay.record"))) == []
    knot = fake("controller -> ai", "ai.reading -> replay.seats", "replay.autosave -> controller", "ui.app -> controller")
    assert cycles(package_graph(knot)) == [["ai", "controller", "replay"]]


def test_the_reader_finds_a_bad_synthetic_module(tmp_path: Path) -> None:
    """A whole made-up package with a lazy, a TYPE_CHECKING and a relative forbidden import."""
    root = tmp_path / ROOT
    for folder in ("engine", "storage", "replay"):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "controller.py").write_text("from mahjong_joy.replay import record\n")
    (root / "replay" / "record.py").write_text("from ..engine import state\n")
    (root / "engine" / "state.py").write_text("def f():\n    from mahjong_joy.rulesets.riichi import situation\n")
    (root / "storage" / "archive.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..controller import Controller\n")
    arrows = project_arrows(root)
    assert Arrow(f"{ROOT}.replay.record", f"{ROOT}.engine.state", 1) in arrows  # relative, resolved
    found = broken(arrows, allowed={})
    assert len(found) == 2
    assert any("engine.state:2 imports mahjong_joy.rulesets.riichi" in line for line in found)  # lazy
    assert any("storage.archive:3 imports mahjong_joy.controller" in line for line in found)  # TYPE_CHECKING
    assert cycles(package_graph(arrows)) == []
    (root / "replay" / "autosave.py").write_text("import mahjong_joy.controller\n")
    (root / "engine" / "view.py").write_text("from mahjong_joy import replay\n")
    arrows = project_arrows(root)
    assert cycles(package_graph(arrows)) == [["controller", "engine", "replay"]]


def test_an_import_through_the_package_root_counts_as_its_module() -> None:
    """``from mahjong_joy import shanten`` in a screen is the same arrow as importing
    ``mahjong_joy.hand.shanten``: the root re-exports lazily (review finding)."""
    known = modules(PACKAGE_DIR)
    arrows = arrows_in("mahjong_joy.ui.fake", "from mahjong_joy import shanten\n", False, known)
    assert [a.target for a in arrows] == ["mahjong_joy.hand.shanten"]
    assert broken(arrows)

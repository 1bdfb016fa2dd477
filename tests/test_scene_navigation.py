"""Scenes name the next scene (ui/navigation.py) instead of importing each other, and the
table scene stays a coordinator of its parts (ui/table/).

The import checks read the source with :mod:`ast` (nothing is imported for them) and
each also runs on a small made-up module, so it is seen to fail when it should.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

import mahjong_joy  # noqa: E402
from mahjong_joy.errors import MahjongJoyError  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui import navigation  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.base import Scene, Transition  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.settings import SettingsScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.ui.table.animation import TableAnimation  # noqa: E402

PACKAGE = Path(mahjong_joy.__file__).parent
UI = PACKAGE / "ui"
SCENE_MODULES = ("mahjong_joy.ui.scenes.", "mahjong_joy.ui.win_reveal")  # a module that is (or holds) a screen
NOT_A_SCENE = ("mahjong_joy.ui.scenes.base",)  # the protocol every scene imports


def _dotted(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")


def _is_scene_module(module: str) -> bool:
    return module.startswith(SCENE_MODULES) and module not in NOT_A_SCENE


def scene_imports_in_functions(text: str) -> list[str]:
    """``line: module`` for each import of a scene module inside a function of ``text``."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and _is_scene_module(inner.module or ""):
                    found.append(f"{inner.lineno}: {inner.module}")
                elif isinstance(inner, ast.Import):
                    found += [f"{inner.lineno}: {a.name}" for a in inner.names if _is_scene_module(a.name)]
    return sorted(set(found))


def runtime_imports(text: str) -> set[str]:
    """Every ``mahjong_joy`` module ``text`` imports when it runs: module level and inside
    functions, but not under ``if TYPE_CHECKING:`` (annotations only, never executed)."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mahjong_joy"):
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("mahjong_joy"))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(text))
    return out


def ui_graph() -> dict[str, set[str]]:
    """Which UI module imports which UI module when it runs (``from pkg import module`` counts as the module)."""
    files = {_dotted(path): path for path in UI.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        targets = set()
        text = path.read_text(encoding="utf-8")
        for target in runtime_imports(text):
            targets.add(target)
        for node in ast.walk(ast.parse(text)):  # from mahjong_joy.ui import theme -> mahjong_joy.ui.theme
            if isinstance(node, ast.ImportFrom) and node.module:
                targets.update(f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in files)
        graph[name] = {t for t in targets if t in files and t != name}
    return graph


def cycle_members(graph: dict[str, set[str]]) -> set[str]:
    """Every node that can reach itself again (lies on some import circle)."""
    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(graph.get(start, ()))
        while todo:
            node = todo.pop()
            if node not in seen:
                seen.add(node)
                todo += graph.get(node, ())
        return seen

    return {node for node in graph if node in reach(node)}


def transition_names(text: str) -> list[str]:
    """Scene names given as text to ``Transition(kind, "name")``, ``build(app, "name")`` or ``scene_maker("name")``."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call):
            continue
        callee = ast.unparse(node.func).rpartition(".")[2]
        index = {"Transition": 1, "build": 1, "scene_maker": 0}.get(callee)
        if index is not None and len(node.args) > index:
            arg = node.args[index]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append(arg.value)
    return found


# ----------------------------------------------------------------------------- imports

def test_no_scene_imports_another_scene_inside_a_function() -> None:
    """A scene names the next one (``Transition("push", "menu")``); the lazy imports that
    hid the scenes' import circle are gone, and none may come back."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        if _is_scene_module(_dotted(path)) or _dotted(path).startswith("mahjong_joy.ui.table"):
            found += [f"{_dotted(path)}:{hit}" for hit in scene_imports_in_functions(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_lazy_import_finder_sees_one() -> None:
    text = ("from mahjong_joy.ui.scenes.base import Scene\n\n"
            "def go(self):\n    from mahjong_joy.ui.scenes.menu import MenuOverlay\n    return MenuOverlay\n\n"
            "def later(self):\n    import mahjong_joy.ui.win_reveal\n")
    assert scene_imports_in_functions(text) == ["4: mahjong_joy.ui.scenes.menu", "8: mahjong_joy.ui.win_reveal"]


def test_the_ui_modules_import_one_another_without_a_circle() -> None:
    """On main before the split 14 UI modules (17 counting annotation-only imports) formed
    one import circle through the scenes' lazy imports; what runs may now import only downward."""
    assert cycle_members(ui_graph()) == set()


def test_the_circle_finder_sees_a_circle_and_skips_type_checking() -> None:
    assert cycle_members({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == {"a", "b", "c"}
    text = ("from typing import TYPE_CHECKING\nfrom mahjong_joy.ui import theme\n"
            "if TYPE_CHECKING:\n    from mahjong_joy.ui.app import App\n"
            "def f():\n    from mahjong_joy.ui.scenes.home import HomeScene\n")
    assert runtime_imports(text) == {"mahjong_joy.ui", "mahjong_joy.ui.scenes.home"}


# ----------------------------------------------------------------------------- the names

def test_every_scene_named_in_the_source_is_in_the_navigation_table() -> None:
    named = {}
    for path in sorted(UI.rglob("*.py")):
        for name in transition_names(path.read_text(encoding="utf-8")):
            named.setdefault(name, _dotted(path))
    assert {"home", "table", "menu", "claim", "result", "match_end", "seat_chooser"} <= set(named)  # the finder works
    assert {name: where for name, where in named.items() if name not in navigation.SCENES} == {}


@pytest.mark.parametrize("name", sorted(navigation.SCENES))
def test_every_name_in_the_table_resolves_to_a_scene_maker(name: str) -> None:
    maker = navigation.scene_maker(name)
    assert callable(maker)
    if isinstance(maker, type):
        assert issubclass(maker, Scene)


def test_an_unknown_name_is_refused_with_the_name() -> None:
    with pytest.raises(MahjongJoyError, match="'scoreboard'"):
        navigation.scene_maker("scoreboard")


def test_the_app_builds_a_named_scene_with_its_arguments() -> None:
    app = App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed="instant"))
    home = HomeScene(app)
    app.replace(home)
    home.next = Transition("push", "settings")
    app.step(1 / 60)
    assert isinstance(app.top, SettingsScene)
    app.top.next = Transition("replace", "rules", kwargs={"offer_tutorial": True})
    app.step(1 / 60)
    assert isinstance(app.top, HelpBookScene) and app.stack == [app.top] and app.top.offer_tutorial
    app.top.next = Transition("push", "table", {"seed": 3, "ruleset": "tenhou"})
    app.step(1 / 60)
    assert isinstance(app.top, TableScene) and app.top.snap is not None and app.top.snap.riichi_rules


# ----------------------------------------------------------------------------- the table's parts

def test_each_animated_event_has_its_handler() -> None:
    """``_animate`` is a table from event name to handler: every row names a method."""
    assert {"discarded", "drew", "chied", "ponned", "kanned", "added_kanned", "closed_kanned", "won",
            "dora_revealed"} <= set(TableAnimation.ON_EVENT)
    missing = {name: method for name, method in TableAnimation.ON_EVENT.items() if not callable(getattr(TableScene, method, None))}
    assert missing == {}


def test_the_table_scene_stays_a_coordinator() -> None:
    """Its own class body holds the flow (18 methods at most, ~250 lines); geometry, input,
    animation, painting and the guide's hooks live in ui/table/ (72 methods in one class before)."""
    path = UI / "scenes" / "table.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    scene = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "TableScene")
    methods = [node.name for node in scene.body if isinstance(node, ast.FunctionDef)]
    assert len(methods) <= 18, methods
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 260

"""Rules as a value: the engine asks the Ruleset and imports no family; the uma is
formatted once; preset lists come from the registry; each switch has one owner."""

from __future__ import annotations

import ast
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import pytest

from mahjong_joy.commands.replay import LOG_RULES
from mahjong_joy.controller import Controller
from mahjong_joy.engine.actions import Ron, Tsumo
from mahjong_joy.engine.match import Match
from mahjong_joy.engine.state import HandState
from mahjong_joy.engine.wall import Wall
from mahjong_joy.errors import RulesError
from mahjong_joy.names import ruleset_title
from mahjong_joy.replay.record import read_record, record_rules
from mahjong_joy.rulesets.base import TableState, WallShape
from mahjong_joy.rulesets.joy import RiichiFamily, ruleset_for
from mahjong_joy.rulesets.presets import DEFAULT_PRESET, JOY, PRESETS, RIICHI_PRESETS, TENHOU
from mahjong_joy.rulesets.riichi import RiichiRules
from mahjong_joy.rulesets.riichi.flow import game_points, order_of, uma_text
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.storage.settings import Settings
from mahjong_joy.tiles import EAST, WINDS
from mahjong_joy.ui.game_choice import RULESETS, ruleset_label

ENGINE = Path(__file__).resolve().parents[1] / "mahjong_joy" / "engine"
FAMILY_MODULES = ("mahjong_joy.rulesets.riichi", "mahjong_joy.rulesets.mcr", "mahjong_joy.rulesets.joy",
                  "mahjong_joy.rulesets.presets")
NOT_YET: set[tuple[str, str]] = set()  # every engine arrow to a family is gone
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at any depth (lazy and TYPE_CHECKING imports included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_engine_imports_no_module_of_a_particular_family() -> None:
    wrong = sorted(
        (path.name, module)
        for path in ENGINE.glob("*.py")
        for module in imported_modules(path)
        if module.startswith(FAMILY_MODULES)
        and not any(path.name == name and module.startswith(allowed) for name, allowed in NOT_YET)
    )
    assert wrong == []


def test_the_import_check_sees_a_lazy_import(tmp_path: Path) -> None:
    source = tmp_path / "lazy.py"
    source.write_text("def f():\n    from mahjong_joy.rulesets import joy\n    return joy\n")
    assert "mahjong_joy.rulesets.joy" in imported_modules(source)


class _OneHand(RiichiFamily):
    """A family whose table never moves on: the match must end after one hand."""

    def next_table(self, table, points, settlement, aborted):  # type: ignore[no-untyped-def]
        return None


def _finish(match: Match) -> None:
    rng = random.Random(5)
    while not match.hand.is_finished:
        actions = [a for seat in range(4) for a in match.hand.legal_actions(seat)]
        match.apply(rng.choice(actions))


def test_the_match_asks_its_ruleset_when_the_table_moves_on() -> None:
    plain, stopped = Match(3, ruleset_for(JOY)), Match(3, _OneHand(JOY))
    _finish(plain)
    _finish(stopped)
    assert stopped.is_over and stopped.final is not None
    assert plain.hand.events == stopped.hand.events  # the same hand; only the family's answer differs
    assert not plain.is_over or plain.hands_played > 1


def test_the_wall_takes_the_family_tile_set() -> None:
    assert Match(9, ruleset_for(JOY)).hand.wall.deck == Wall.from_key("9:E:1:0").deck  # the default shape: as before
    wall = Wall.from_key("x", WallShape(144, 0).tiles, 0)
    assert sorted(wall.deck) == list(range(144)) and wall.dead_tiles() == [] and wall.dora_indicators == []
    live = wall.live_count
    last = wall.live_tiles()[-1]
    assert wall.draw_replacement() == last and wall.live_count == live - 1  # the replacement comes from the tail
    with pytest.raises(ValueError):
        wall.reveal_dora()


def _uma_terms(text: str) -> tuple[list[int], float, int]:
    """The uma by place, the oka and the base, read back from the words."""
    uma = [int(u) for u in re.search(r"Uma ([-+\d /]+) ·", text).group(1).split(" / ")]
    oka = re.search(r"oka \+(\d+)", text)
    base = int(re.search(r"\(points - ([\d,]+)\)", text).group(1).replace(",", ""))
    return uma, float(oka.group(1)) if oka else 0.0, base


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_uma_text_states_the_formula_game_points_computes(preset: str) -> None:
    rules = PRESETS[preset]
    text = uma_text(rules.table)
    rng = random.Random(preset)
    for _ in range(50):
        cuts = sorted(rng.sample(range(1, 100), 3))
        points = [1000 * b - 1000 * a for a, b in zip([0, *cuts], [*cuts, 100])]
        order = order_of(points)
        computed = game_points(points, order, rules)
        if not text:
            assert computed == [(p - rules.table.uma_base) / 1000 for p in points]  # no uma, no oka
            continue
        uma, oka, base = _uma_terms(text)
        for place, seat in enumerate(order):
            assert computed[seat] == (points[seat] - base) / 1000 + uma[place] + (oka if place == 0 else 0)
    assert bool(text) == bool(any(rules.table.uma) or rules.table.oka)


def test_preset_lists_come_from_the_registry() -> None:
    assert RULESETS == tuple(PRESETS) and DEFAULT_PRESET in PRESETS
    assert set(RIICHI_PRESETS) == {name for name, rules in PRESETS.items() if rules.hand.riichi} == set(LOG_RULES)
    for name in PRESETS:
        assert ruleset_title(name) in ruleset_label(name)
    assert ruleset_label("tenhou", "pill") == "Riichi · Tenhou" and ruleset_label("joy") == "Joy"


def test_a_casual_preset_keeps_its_own_length_by_its_rules() -> None:
    settings = Settings()
    for name, rules in PRESETS.items():
        settings.choose_length(name, "east_south" if rules.hand.riichi else "east")
    assert {name: settings.length_for(name) for name in PRESETS} == {
        name: "east_south" if rules.hand.riichi else "east" for name, rules in PRESETS.items()}


def test_stored_rules_with_both_copies_of_each_switch_still_load() -> None:
    for rules in PRESETS.values():
        data = rules.to_dict()
        assert "valuation" not in data  # records and golden headers print the same dict as before
        assert {"red_fives", "riichi", "dora"} <= set(data["scoring"]) and "return_points" in data["table"]
        assert Rules.from_dict(data) == rules
    assert record_rules(read_record(FIXTURES / "v1_joy_seed3.json")) == JOY


def test_a_rules_value_that_contradicts_itself_is_refused() -> None:
    bad = {
        ("tiles", "red_fives"): 0,  # Tenhou's scorer still counts red fives
        ("hand", "riichi"): False,  # the scorer still allows riichi
        ("scoring", "dora"): False,  # ura-dora without dora
        ("table", "return_points"): 25_000,  # oka counted from 30,000, returned at 25,000
    }
    for (block, name), value in bad.items():
        data = TENHOU.to_dict()
        data[block][name] = value
        with pytest.raises(RulesError, match=name):
            Rules.from_dict(data)
    with pytest.raises(RulesError):
        RiichiRules(kazoe_yakuman="yes")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="unknown rules option"):
        RiichiRules.from_dict({"kiriage": True})


def test_the_ai_valuation_is_a_field_of_the_rules_not_a_preset_name() -> None:
    assert all(rules.valuation == TENHOU.scoring for rules in PRESETS.values())
    own = replace(JOY, valuation=JOY.scoring)
    assert Rules.from_dict(own.to_dict()) == own  # a different valuation is written and read back
    hand = HandState.from_key("v:1", 0, ruleset_for(own), TableState())
    from mahjong_joy.engine.view import observe

    assert observe(hand, 0).valuation == JOY.scoring

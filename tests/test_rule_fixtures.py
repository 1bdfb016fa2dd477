"""One mjai log per special rule (``fixtures/rules``, cut by ``scripts/make_rule_fixtures.py``
from seeded games), each imported through the engine under its preset and then
checked for the rule it shows: the import already proves every step and payment
matched the log; these checks say which rule the hand exercised."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mahjong_joy.engine import events as ev
from mahjong_joy.engine.match import Match
from mahjong_joy.engine.outcome import HandOutcome
from mahjong_joy.replay.mjai_import import ImportMismatch, import_mjai

RULES_DIR = Path(__file__).parent / "fixtures" / "rules"
FILES = sorted(RULES_DIR.glob("*.mjson"))


def _nearest(result: HandOutcome) -> bool:
    """Sticks (and honba, inside the first win's payment) go to the winner nearest the
    discarder; the other winner is paid his hand alone (RULES.md C1-9)."""
    start = result.start
    assert start is not None and start.honba + start.sticks > 0
    first, second = result.wins
    discarder = first.from_seat
    assert (first.seat - discarder) % 4 < (second.seat - discarder) % 4
    sticks = start.sticks + len(result.riichi)  # on the table before, and put down in this hand
    takes_sticks = first.deltas[first.seat] == -first.deltas[discarder] + 1000 * sticks
    return takes_sticks and second.deltas[second.seat] == -second.deltas[discarder] == dict(second.payments)["ron"]


def _yaku(name: str) -> Callable[[Match, HandOutcome], bool]:
    return lambda match, result: any(name in (y for y, _ in w.yaku) for w in result.wins)


def _abort(reason: str) -> Callable[[Match, HandOutcome], bool]:
    return lambda match, result: result.abort == reason


def _ronned_riichi(match: Match, result: HandOutcome) -> bool:
    """The declaration tile was ronned: no stick went down for the declarer (C1-4)."""
    declared = [e.seat for e in match.events if isinstance(e, ev.RiichiDeclared)]
    return bool(result.wins) and declared[-1] not in result.riichi and result.wins[0].from_seat == declared[-1]


def _dora_after_discard(match: Match, result: HandOutcome) -> bool:
    """An open or added kan's indicator turns after the kan seat's discard (A1 "Kan dora")."""
    names = [e.name for e in match.events]
    kan = next(i for i, n in enumerate(names) if n in ("kanned", "added_kanned"))
    return "discarded" in names[kan : names.index("dora_revealed", kan)]


def _triple(rules: str) -> Callable[[Match, HandOutcome], bool]:
    if rules == "tenhou":
        return _abort("triple_ron")  # sanchahou
    return lambda match, result: len(result.wins) == 3


def _game_end(match: Match, result: HandOutcome) -> bool:
    return match.is_over and result.start is not None and result.start.round_wind == "W"


def _leftover(match: Match, result: HandOutcome) -> bool:
    """Leftover sticks go to first place at the end (A1 "Leftover riichi sticks")."""
    final = match.standings()
    return match.is_over and result.sticks_after > 0 and sum(s.points for s in final) == 100_000


CHECKS: dict[str, Callable[[str], Callable[[Match, HandOutcome], bool]]] = {
    "double_ron_honba_sticks": lambda rules: lambda match, result: _nearest(result),
    "triple_ron": _triple,
    "ronned_riichi": lambda rules: _ronned_riichi,
    "four_kans": lambda rules: _abort("four_kans"),
    "kan_dora_after_discard": lambda rules: _dora_after_discard,
    "nagashi_mangan": lambda rules: lambda match, result: bool(result.nagashi),
    "pao_tsumo": lambda rules: lambda match, result: any(w.pao_seat is not None and w.tsumo for w in result.wins),
    "pao_ron": lambda rules: lambda match, result: any(w.pao_seat is not None and not w.tsumo for w in result.wins),
    "nine_terminals": lambda rules: _abort("nine_terminals"),
    "four_winds": lambda rules: _abort("four_winds"),
    "four_riichi": lambda rules: lambda match, result: result.abort == "four_riichi" and result.sticks_after >= 4,
    "haitei": lambda rules: _yaku("haitei"),
    "houtei": lambda rules: _yaku("houtei"),
    "chankan": lambda rules: _yaku("chankan"),
    "rinshan": lambda rules: _yaku("rinshan"),
    "west_round_bust": lambda rules: lambda match, result: _game_end(match, result) and min(result.points) < 0,
    "west_round_end": lambda rules: _game_end,
    "kokushi_robs_closed_kan": lambda rules: lambda match, result: (
        len(result.wins) == 1 and result.wins[0].yakuman == 1 and any(isinstance(e, ev.Won) and e.robbed_kan for e in match.events)
    ),
    "bust_end": lambda rules: lambda match, result: match.is_over and min(result.points) < 0,
    "leftover_sticks": lambda rules: _leftover,
}


def _split(path: Path) -> tuple[str, str]:
    stem = path.stem
    rules = "mahjong_soul" if stem.endswith("_mahjong_soul") else "tenhou"
    return stem[: -len(rules) - 1], rules


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_rule_fixture_imports_and_shows_its_rule(path: Path) -> None:
    name, rules = _split(path)
    result = import_mjai(path.read_text(encoding="utf-8"), rules, path.name)
    (match,) = result.matches
    assert CHECKS[name](rules)(match, match.results[-1]), name


def test_every_rule_of_the_issue_has_a_fixture() -> None:
    have = {p.stem for p in FILES}
    wanted = {
        "double_ron_honba_sticks_tenhou", "triple_ron_tenhou", "triple_ron_mahjong_soul", "ronned_riichi_tenhou",
        "four_kans_tenhou", "kan_dora_after_discard_tenhou", "nagashi_mangan_tenhou", "pao_tsumo_tenhou",
        "pao_ron_tenhou", "pao_ron_mahjong_soul", "nine_terminals_tenhou", "four_riichi_tenhou", "haitei_tenhou",
        "houtei_tenhou", "chankan_tenhou", "west_round_end_tenhou", "west_round_bust_tenhou", "bust_end_tenhou",
        "leftover_sticks_tenhou",
    }
    assert wanted <= have, sorted(wanted - have)


def test_tenhou_does_not_let_thirteen_orphans_rob_a_closed_kan() -> None:
    """The same hand under Tenhou's rules fails at the ron (RULES.md A1 "Kokushi may rob a closed kan")."""
    text = (RULES_DIR / "kokushi_robs_closed_kan_mahjong_soul.mjson").read_text(encoding="utf-8")
    with pytest.raises(ImportMismatch, match=r"^E1-0 line 5: the log says ron by seat 1 from seat 0; the engine says"):
        import_mjai(text, "tenhou", "kokushi")

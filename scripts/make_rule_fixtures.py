"""One short mjai log per special rule, cut from seeded games of our engine.

    python scripts/make_rule_fixtures.py [--games 400] [--out tests/fixtures/rules]

Seeded hanchan are played under each riichi preset (``potential`` AIs, and
``random`` ones, whose reckless calls and passes reach the rare cases) and
exported as mjai; the first hand showing each rule below is written on its own:
its ``start_kyoku`` carries the table, so a one-hand log imports from there, and
a rule about the end of the game keeps the game's last hand and its
``end_game``. The file name says the rule and the preset; the first line of each
file (a ``start_game``) names the seed it came from. Rules no game showed are
listed at the end (``tests/test_rule_fixtures.py`` says what each file checks).
The rules seeded games almost never reach are hand-written instead
(``scripts/make_written_fixtures.py``); their files are left alone here.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mahjong_joy.controller import Controller
from mahjong_joy.engine.outcome import HandOutcome
from mahjong_joy.replay.mjai import export_mjai
from mahjong_joy.replay.record import run_record
from mahjong_joy.rulesets.joy import ruleset_for

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "rules"
WRITTEN = frozenset({
    "triple_ron_tenhou", "triple_ron_mahjong_soul", "four_kans_tenhou", "nine_terminals_tenhou", "pao_ron_tenhou",
    "pao_tsumo_tenhou", "pao_ron_mahjong_soul", "nagashi_mangan_tenhou", "west_round_bust_tenhou",
    "four_kans_mahjong_soul", "nagashi_mangan_mahjong_soul", "pao_tsumo_mahjong_soul",
    "kokushi_robs_closed_kan_mahjong_soul",
})
"""Fixtures ``make_written_fixtures.py`` writes by hand."""
Lines = list[dict[str, Any]]


def _types(lines: Lines) -> list[str]:
    return [line["type"] for line in lines]


def _horas(lines: Lines) -> Lines:
    return [line for line in lines if line["type"] == "hora"]


def _reason(lines: Lines, reason: str) -> bool:
    return any(line["type"] == "ryukyoku" and line.get("reason") == reason for line in lines)


def _yaku(result: HandOutcome, name: str) -> bool:
    return any(name in (y for y, _ in w.yaku) for w in result.wins)


def _ronned_riichi(lines: Lines) -> bool:
    for i in range(len(lines) - 2):
        if lines[i]["type"] == "reach" and lines[i + 1]["type"] == "dahai" and lines[i + 2]["type"] == "hora":
            return True
    return False


def _kan_dora_after_discard(lines: Lines) -> bool:
    kinds = _types(lines)
    for i, kind in enumerate(kinds):
        if kind in ("daiminkan", "kakan") and "dora" in kinds[i:]:
            j = kinds.index("dora", i)
            return "dahai" in kinds[i:j]
    return False


HandCheck = Callable[[Lines, HandOutcome], bool]
HAND_RULES: dict[str, HandCheck] = {
    "double_ron_honba_sticks": lambda lines, r: len(_horas(lines)) == 2 and r.start is not None and r.start.honba + r.start.sticks > 0,
    "triple_ron": lambda lines, r: _reason(lines, "sanchaho") or len(_horas(lines)) == 3,
    "ronned_riichi": lambda lines, r: _ronned_riichi(lines),
    "four_kans": lambda lines, r: _reason(lines, "suukaikan"),
    "kan_dora_after_discard": lambda lines, r: _kan_dora_after_discard(lines),
    "nagashi_mangan": lambda lines, r: _reason(lines, "nagashimangan"),
    "pao_tsumo": lambda lines, r: any(w.pao_seat is not None and w.tsumo for w in r.wins),
    "pao_ron": lambda lines, r: any(w.pao_seat is not None and not w.tsumo for w in r.wins),
    "nine_terminals": lambda lines, r: _reason(lines, "kyushukyuhai"),
    "four_winds": lambda lines, r: _reason(lines, "sufonrenda"),
    "four_riichi": lambda lines, r: _reason(lines, "suuchariichi"),
    "haitei": lambda lines, r: _yaku(r, "haitei"),
    "houtei": lambda lines, r: _yaku(r, "houtei"),
    "chankan": lambda lines, r: _yaku(r, "chankan"),
    "rinshan": lambda lines, r: _yaku(r, "rinshan"),
}
GameCheck = Callable[[HandOutcome], bool]
END_RULES: dict[str, GameCheck] = {
    "west_round_bust": lambda r: r.start is not None and r.start.round_wind == "W" and min(r.points) < 0,
    "west_round_end": lambda r: r.start is not None and r.start.round_wind == "W",
    "bust_end": lambda r: min(r.points) < 0,
    "leftover_sticks": lambda r: r.sticks_after > 0,
}


def kyokus(lines: Lines) -> list[Lines]:
    """Each hand's lines, ``start_kyoku`` to ``end_kyoku``."""
    out: list[Lines] = []
    for line in lines:
        if line["type"] == "start_kyoku":
            out.append([])
        if out and line["type"] not in ("end_game",):
            out[-1].append(line)
    return out


def play(rules: str, seed: int, kind: str) -> tuple[Lines, list[HandOutcome]]:
    ctl = Controller((kind,) * 4, seed, ruleset_for(rules))
    while not ctl.is_over:
        ctl.step()
    record = json.loads(json.dumps(run_record(seed, (kind,) * 4, [ctl])))
    return export_mjai(record), list(ctl.match.results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per preset and AI kind")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    found: set[str] = set(WRITTEN)
    wanted = [f"{name}_{rules}" for rules in ("tenhou", "mahjong_soul") for name in (*HAND_RULES, *END_RULES)]
    for kind in ("potential", "random"):
        for rules in ("tenhou", "mahjong_soul"):
            for seed in range(1, args.games + 1):
                lines, results = play(rules, seed, kind)
                head = {"type": "start_game", "names": lines[0]["names"], "source": f"{kind} {rules} seed {seed}"}
                hands = kyokus(lines)
                for hand, result in zip(hands, results):
                    for name, check in HAND_RULES.items():
                        key = f"{name}_{rules}"
                        if key not in found and check(hand, result):
                            found.add(key)
                            _write(args.out / f"{key}.mjson", [head, *hand])
                last = results[-1]
                for name, check in END_RULES.items():
                    key = f"{name}_{rules}"
                    if key not in found and check(last):
                        found.add(key)
                        _write(args.out / f"{key}.mjson", [head, *hands[-1], lines[-1]])
                if len(found) == len(wanted):
                    break
    print("missing:", ", ".join(k for k in wanted if k not in found) or "none")


def _write(path: Path, lines: Lines) -> None:
    path.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines), encoding="utf-8")
    print(f"wrote {path.name}")


if __name__ == "__main__":
    main()

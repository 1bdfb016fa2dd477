"""Hand-written mjai logs for the rules seeded games almost never reach.

    python scripts/make_written_fixtures.py [--out tests/fixtures/rules]

Each log is written out below event by event, with the payments worked out by
hand from RULES.md (the import checks that our engine pays exactly these):

- ``triple_ron``: the dealer's first discard, 9p, completes three seven-pairs
  hands; Tenhou aborts the hand (sanchahou), Mahjong Soul pays three rons of
  1,600 (25 fu 2 han, non-dealers).
- ``four_kans``: the dealer makes three closed kans and seat 1 a fourth; seat 1's
  discard is not ronned, so the hand is aborted (suukaikan); each closed kan's
  indicator turns at once.
- ``nine_terminals``: the dealer's first draw gives ten kinds of terminals and
  honors; he declares kyushukyuhai.
- ``pao_ron`` / ``pao_tsumo``: seat 1 pons white from the dealer, green from seat 2
  and red from seat 3, then wins daisangen on 9s: by ron from the dealer (seat 3,
  responsible, and the dealer pay 16,000 each) or by tsumo (seat 3 pays all 32,000).
- ``west_round_bust``: the ``pao_ron`` hand played as West 1 of the sudden death
  with seat 3 on 11,000: paying its half it falls below zero and the game ends.
- ``kokushi_robs_closed_kan`` (Mahjong Soul): seat 1's thirteen orphans, waiting on
  1m, rons the dealer's closed kan of 1m for 32,000; Tenhou forbids it.
- ``nagashi_mangan``: every seat discards what it draws; seat 1 draws only
  terminals and honors, none of which is called, so at the exhaustive draw it is
  paid a mangan tsumo (2,000 / 4,000 from the dealer) and no noten payments move.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "rules"
Lines = list[dict[str, Any]]


def tiles(text: str) -> list[str]:
    """``"1m 2m P"`` as a list of mjai tiles."""
    return text.split()


def start(tehais: list[str], dora: str, oya: int = 0, bakaze: str = "E", scores: list[int] | None = None) -> Lines:
    return [
        {"type": "start_game", "names": ["A", "B", "C", "D"], "source": "hand-written"},
        {"type": "start_kyoku", "bakaze": bakaze, "kyoku": oya + 1, "honba": 0, "kyotaku": 0, "oya": oya,
         "dora_marker": dora, "scores": scores or [25000] * 4, "tehais": [tiles(t) for t in tehais]},
    ]


def turn(seat: int, draw: str, discard: str | None = None) -> Lines:
    out: Lines = [{"type": "tsumo", "actor": seat, "pai": draw}]
    if discard is not None:
        out.append({"type": "dahai", "actor": seat, "pai": discard, "tsumogiri": discard == draw})
    return out


def dahai(seat: int, tile: str) -> dict[str, Any]:
    return {"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": False}


def pon(seat: int, target: int, tile: str) -> dict[str, Any]:
    return {"type": "pon", "actor": seat, "target": target, "pai": tile, "consumed": [tile, tile]}


def hora(seat: int, target: int, deltas: list[int]) -> dict[str, Any]:
    return {"type": "hora", "actor": seat, "target": target, "deltas": deltas}


END = [{"type": "end_kyoku"}]


def triple_ron(preset: str) -> Lines:
    lines = start(["2p 3p 5p 5p 2s 5s 6s 8s 9s 3m 5m 8m 8m", "1m 1m 2m 2m 3m 3m 4p 4p 6p 6p 7s 7s 9p",
                   "4m 4m 6m 6m 7p 7p 8p 8p 2s 2s 5s 5s 9p", "7m 7m 8m 8m 9m 9m 1s 1s 3s 3s 4s 4s 9p"], "N")
    lines += turn(0, "9p", "9p")
    if preset == "tenhou":
        return lines + [{"type": "ryukyoku", "reason": "sanchaho", "deltas": [0, 0, 0, 0]}] + END
    return lines + [hora(1, 0, [-1600, 1600, 0, 0]), hora(2, 0, [-1600, 0, 1600, 0]), hora(3, 0, [-1600, 0, 0, 1600])] + END


def four_kans() -> Lines:
    lines = start(["1m 1m 1m 1m 2m 2m 2m 2m 3m 3m 3m 3m E", "4p 4p 4p 4p 1p 2p 3p 7s 8s 9s 5m 6m 7m",
                   "1s 2s 3s 4s 6s 7s 8s 2p 3p 6p 7p 8p S", "4m 6m 7m 8m 9m 5p 6p 8p 9p 1s 2s 3s W"], "9p")
    lines += turn(0, "N")
    for kind, dora, rinshan in (("1m", "1p", "P"), ("2m", "9s", "F"), ("3m", "1s", "C")):
        lines += [{"type": "ankan", "actor": 0, "consumed": [kind] * 4}, {"type": "dora", "dora_marker": dora}]
        lines += turn(0, rinshan)
    lines.append(dahai(0, "E"))
    lines += turn(1, "S", None)
    lines += [{"type": "ankan", "actor": 1, "consumed": ["4p"] * 4}, {"type": "dora", "dora_marker": "E"}]
    lines += turn(1, "W", "W")
    return lines + [{"type": "ryukyoku", "reason": "suukaikan", "deltas": [0, 0, 0, 0]}] + END


def nine_terminals() -> Lines:
    lines = start(["1m 9m 1p 9p 1s 9s E S W 2m 3m 4m 6p", "2m 3m 4m 2p 3p 4p 2s 3s 4s 6m 7m 8m 6s",
                   "2m 3m 4m 2p 3p 4p 2s 3s 4s 6m 7m 8m 6s", "2m 6m 7m 8m 2p 3p 4p 6p 7p 8p 7s 7s 8s"], "1m")
    return lines + turn(0, "N") + [{"type": "ryukyoku", "reason": "kyushukyuhai"}] + END


def pao(tsumo: bool, west: bool = False) -> Lines:
    dealt = ["P 1m 2m 4m 6m 8m 9m 2p 4p 6p 8p 9s 7s", "P P F F C C 1m 2m 3m 9s 1p 8p 4s",
             "F 3m 4m 6m 7m 2p 3p 6p 7p 2s 3s 6s 7s", "C 4m 6m 7m 8m 3p 4p 7p 8p 2s 3s 7s 8s"]
    if west:  # West 1 of the sudden death, seat 3 on 11,000: its pao share busts it
        lines = start(dealt, "1p", bakaze="W", scores=[29900, 29800, 29300, 11000])
    else:
        lines = start(dealt, "1p")
    lines += turn(0, "W", "P") + [pon(1, 0, "P"), dahai(1, "1p")]
    lines += turn(2, "S", "F") + [pon(1, 2, "F"), dahai(1, "8p")]
    lines += turn(2, "N", "N") + turn(3, "E", "C") + [pon(1, 3, "C"), dahai(1, "4s")]
    lines += turn(2, "1s", "1s") + turn(3, "9m", "9m")
    if tsumo:
        lines += turn(0, "1p", "1p") + turn(1, "9s") + [hora(1, 1, [0, 32000, 0, -32000])]
    else:
        lines += turn(0, "2s", "9s") + [hora(1, 0, [-16000, 32000, 0, -16000])]
    if west:
        return lines + END + [{"type": "end_game", "scores": [13900, 61800, 29300, -5000]}]
    return lines + END


def nagashi() -> Lines:
    """70 draws, every one discarded at once; seat 1's 18 are terminals and honors."""
    dealt = ["1m 1m 9m 9m E E S S 2m 3m 4m 5m 6m", "1m 9m 1p 9p 1s 9s E S W N P F C",
             "1p 1p 9p 9p W W N N 2s 3s 4s 6s 7s", "1s 1s 9s P P 2p 3p 4p 6p 7p 8p 3m 4m"]
    lines = start(dealt, "5s")
    used: dict[str, int] = {}
    for hand in dealt:
        for tile in tiles(hand):
            used[tile] = used.get(tile, 0) + 1
    used["5s"] = used.get("5s", 0) + 1
    yaochuu = [t for t in tiles("1m 9m 1p 9p 1s 9s E S W N P F C") for _ in range(4 - used.get(t, 0))]
    simples = [f"{n}{s}" for s in "mps" for n in range(2, 9)]
    plain = [t for t in simples for _ in range(4 - used.get(t, 0) - (1 if t in ("5m", "5p", "5s") else 0))]
    plain += ["5mr", "5pr", "5sr"]
    for n in range(70):
        seat = n % 4
        tile = yaochuu.pop(0) if seat == 1 else plain.pop(0)
        lines += turn(seat, tile, tile)
    return lines + [{"type": "ryukyoku", "reason": "nagashimangan", "deltas": [-4000, 8000, -2000, -2000]}] + END


def kokushi_robs_closed_kan() -> Lines:
    """Mahjong Soul only: seat 1's thirteen orphans waits on 1m and robs the dealer's closed kan of 1m."""
    lines = start(["1m 1m 1m 1m 2p 3p 4p 5s 6s 7s 2m 3m 4m", "9m 1p 9p 1s 9s E S W N P F C C",
                   "2m 3m 4m 5m 6m 7m 2s 3s 4s 6p 7p 8p 8s", "5m 6m 7m 8m 2s 3s 4s 6s 7s 8s 3p 4p 5p"], "9s")
    lines += turn(0, "6p") + [{"type": "ankan", "actor": 0, "consumed": ["1m"] * 4}]
    return lines + [{**hora(1, 0, [-32000, 32000, 0, 0]), "pai": "1m"}] + END


def fixtures() -> dict[str, Lines]:
    return {
        "triple_ron_tenhou": triple_ron("tenhou"), "triple_ron_mahjong_soul": triple_ron("mahjong_soul"),
        "four_kans_tenhou": four_kans(), "nine_terminals_tenhou": nine_terminals(),
        "pao_ron_tenhou": pao(tsumo=False), "pao_tsumo_tenhou": pao(tsumo=True),
        "pao_ron_mahjong_soul": pao(tsumo=False), "nagashi_mangan_tenhou": nagashi(),
        "west_round_bust_tenhou": pao(tsumo=False, west=True),
        "four_kans_mahjong_soul": four_kans(), "nagashi_mangan_mahjong_soul": nagashi(),
        "pao_tsumo_mahjong_soul": pao(tsumo=True), "kokushi_robs_closed_kan_mahjong_soul": kokushi_robs_closed_kan(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, lines in fixtures().items():
        path = args.out / f"{name}.mjson"
        path.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines), encoding="utf-8")
        print(f"wrote {path.name}")


if __name__ == "__main__":
    main()

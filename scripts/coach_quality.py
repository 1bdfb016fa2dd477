"""How well the coach's grades hold up against an independent strong AI (issue 26, section 3).

An arena agent plays a deliberately imperfect seat and, at every decision with more
than one legal option, also asks kobalab's majiang-ai (as :mod:`arena_shadow` does)
what it would do with the same events, and asks the coach
(:func:`mahjong_joy.ai.judge.judge`, the Hard AI's evaluation) to grade the player's
choice. The player's choice is played; one JSON line per decision is logged.

Players: ``EasyProbe`` (the Easy level) and ``NoisyProbe`` (Hard with a fraction
``COACH_NOISE``, default 0.2, of uniformly random legal decisions, seeded per game).

``summarize`` prints, per kind of decision and in total:

- (i) among the decisions the coach grades mistake or blunder, the share where
  majiang-ai also chose differently from the player (target: at least 80%);
- (ii) among the decisions where the player did exactly what majiang-ai chooses,
  the share the coach grades mistake or blunder (target: at most 10%); and the same
  share among those of them where the player did not do what Hard would (the coach
  never grades Hard's own pick below good, so these are the ones that test it).

"The same choice" is the same action type and, for a discard, the same tile kind;
for a call the same tiles; a riichi when both declared on the same kind
(majiang-ai names its riichi tile one message later, as :mod:`arena_shadow` notes). Run (arena venv; our code and the arena's agents on the path)::

    COACH_LOG=/tmp/coach-easy.jsonl PYTHONPATH=.:scripts:../shared/arena nice -n 10 \\
      /tmp/mahjong-arena-venv/bin/python ../shared/arena/harness.py \\
      --agents "probe=py:coach_quality:EasyProbe,majiang,majiang,majiang" --sets 5 --seed 2600 --quiet

    python scripts/coach_quality.py summarize /tmp/coach-easy.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_joy.ai.judge import same_choice  # noqa: E402
from mahjong_joy.ai.levels import LevelAI  # noqa: E402
from mahjong_joy.ai.reading import SeatWords  # noqa: E402
from mahjong_joy.app.coach import assess  # noqa: E402
from mahjong_joy.commands.mjai_bot import MjaiBot  # noqa: E402
from mahjong_joy.engine.actions import Action, Pass, Riichi, Ron, Tsumo  # noqa: E402
from mahjong_joy.mjai_tiles import code_of_mjai, mjai_tile  # noqa: E402
from mahjong_joy.tiles import kind_of_code  # noqa: E402

LOG = os.environ.get("COACH_LOG", "coach-quality.jsonl")
NOISE = float(os.environ.get("COACH_NOISE", "0.2"))
BAD = ("mistake", "blunder")


class _Probe:
    """The arena's Agent protocol: the player plays, majiang-ai and the coach are asked."""

    name = "probe"

    def __init__(self) -> None:
        from agents.external import majiang_agent  # the arena's own: only on its path

        self.majiang = majiang_agent()
        self.bot = MjaiBot("hard", "tenhou")
        self.game = 0
        self.waiting: dict[str, Any] | None = None  # a riichi's line, until majiang-ai names its riichi tile

    def start(self, seat: int) -> None:
        if self.waiting is not None:
            _write(self.waiting)
            self.waiting = None
        self.seat = seat
        self.majiang.start(seat)
        self.bot = MjaiBot("hard", "tenhou")
        self.game += 1
        self.rng = random.Random(f"{self.name}-{self.game}-{seat}")

    def choose(self, view: Any, legal: list[Action]) -> tuple[Action, str]:
        raise NotImplementedError

    def act(self, events: list[dict[str, Any]], legal: list[dict[str, Any]]) -> dict[str, Any]:
        theirs = self.majiang.act(events, legal)
        if self.waiting is not None:
            self._riichi_tile(self.waiting, theirs)
            self.waiting = None
        bot = self.bot
        for ev in events:
            bot.state.apply(ev)
        st = bot.state
        last = st.last
        if st.pending_riichi is not None and last is not None and last["type"] == "reach" and last.get("actor") == st.seat:
            return bot._dahai(st.pending_riichi)
        ours = st.legal()
        if not ours:
            return {"type": "none"}
        view = st.view()
        action, source = self.choose(view, ours)
        if len(ours) > 1:
            try:
                self._log(view, ours, action, source, theirs)
            except Exception as exc:  # noqa: BLE001 - a diagnostic must never cost the seat its move
                print(f"coach_quality: not logged ({type(exc).__name__}: {exc})", file=sys.stderr)
        return bot.to_mjai(action)

    def _log(self, view: Any, legal: list[Action], action: Action, source: str, theirs: dict[str, Any]) -> None:
        found = assess(view, action, SeatWords(view.seat))
        loss, grade = found.loss, found.grade
        line = {
            "game": self.game, "seat": self.seat, "source": source, "kind": _kind(legal, action),
            "player": _short(action), "majiang": theirs, "hard": _short(found.best.action),
            "same": _same(action, theirs), "hard_same": same_choice(found.best.action, action),
            "loss": round(loss), "grade": grade, "riichi_on": any(r is not None for s, r in enumerate(view.riichi) if s != view.seat),
            "position": _position(view), "hand": " ".join(mjai_tile(c) for c in view.hand),
        }
        if isinstance(action, Riichi) and theirs.get("type") == "reach":
            self.waiting = line  # both declared: the tiles are compared on the next message
            return
        _write(line)

    def _riichi_tile(self, line: dict[str, Any], theirs: dict[str, Any]) -> None:
        """Both declared riichi: the same choice only when majiang-ai's riichi tile (its
        answer to the step after) is the player's kind."""
        if theirs.get("type") == "dahai":
            line["majiang_riichi"] = theirs["pai"]
            line["same"] = kind_of_code(code_of_mjai(theirs["pai"])) == kind_of_code(line["player"]["tile"])
        _write(line)

    def close(self) -> None:
        if self.waiting is not None:
            _write(self.waiting)
        self.majiang.close()


def _write(line: dict[str, Any]) -> None:
    with open(LOG, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")


class EasyProbe(_Probe):
    """The Easy level plays."""

    name = "easy"

    def start(self, seat: int) -> None:
        super().start(seat)
        self.easy = LevelAI("easy")

    def choose(self, view: Any, legal: list[Action]) -> tuple[Action, str]:
        return self.easy.choose(view, legal), "easy"


class NoisyProbe(_Probe):
    """Hard plays, but a fraction ``COACH_NOISE`` of decisions are random legal ones."""

    name = "noisy"

    def start(self, seat: int) -> None:
        super().start(seat)
        self.hard = LevelAI("hard")

    def choose(self, view: Any, legal: list[Action]) -> tuple[Action, str]:
        if len(legal) > 1 and self.rng.random() < NOISE:
            return self.rng.choice(legal), "random"
        return self.hard.choose(view, legal), "hard"


def _position(view: Any) -> str:
    """A short fingerprint of what the seat saw (hand, melds, rivers, riichi, points counted
    from the seat itself; dora, wall, the tile on offer): the same position met again (the
    arena's seeds can repeat a hand for the probe in another seat) counts once."""
    order = [(view.seat + k) % 4 for k in range(4)]
    seen = [view.hand, [[m.tiles for m in view.melds[s]] for s in order], [[e.tile for e in view.rivers[s]] for s in order],
            [view.riichi[s] for s in order], [view.points[s] for s in order], (view.dealer - view.seat) % 4,
            view.dora_indicators, view.wall_count, view.last_discard]
    return "r" + hashlib.sha1(json.dumps(seen, default=list).encode()).hexdigest()[:15]


def _key(line: dict[str, Any]) -> tuple:
    """What makes a logged decision the same as another: the seat-relative fingerprint
    (``r...``), or for older lines without one, everything logged but the seat."""
    if str(line.get("position", "")).startswith("r"):
        return (line["position"], json.dumps({k: v for k, v in line["player"].items() if k != "seat"}, sort_keys=True))
    strip = [{k: v for k, v in d.items() if k not in ("seat", "actor")} for d in (line["player"], line["majiang"], line["hard"])]
    return (json.dumps(strip, sort_keys=True), line["kind"], line["loss"], line["grade"], line["riichi_on"])


def _kind(legal: list[Action], action: Action) -> str:
    if any(isinstance(a, (Tsumo, Ron)) for a in legal):
        return "win"
    if any(isinstance(a, Riichi) for a in legal):
        return "riichi"
    if isinstance(legal[0], Pass):
        return "claim"
    return "discard" if action.name in ("discard",) else action.name


def _short(action: Action) -> dict[str, Any]:
    return action.to_dict()


def _same(action: Action, theirs: dict[str, Any]) -> bool:
    """Whether the player's action is majiang-ai's answer (type, and the tile kind or the run)."""
    kind = theirs.get("type")
    if action.name == "discard":
        return kind == "dahai" and kind_of_code(code_of_mjai(theirs["pai"])) == kind_of_code(action.tile)  # type: ignore[attr-defined]
    if action.name == "riichi":
        return kind == "reach"
    if action.name in ("tsumo", "ron"):
        return kind == "hora"
    if action.name == "pass":
        return kind == "none"
    if action.name == "chi":
        if kind != "chi":
            return False
        run = sorted([kind_of_code(code_of_mjai(t)) for t in theirs["consumed"]] + [kind_of_code(code_of_mjai(theirs["pai"]))])
        return tuple(run) == tuple(action.tiles)  # type: ignore[attr-defined]
    names = {"pon": "pon", "kan": "daiminkan", "closed_kan": "ankan", "added_kan": "kakan", "nine_terminals": "ryukyoku"}
    return kind == names.get(action.name)


# ---------------------------------------------------------------- summary


def summarize(paths: list[Path], source: str | None, unique: bool = False) -> None:
    lines = [json.loads(t) for p in paths for t in p.read_text(encoding="utf-8").splitlines() if t.strip()]
    if source:
        lines = [x for x in lines if x["source"] == source]
    if unique:
        found: dict[tuple, dict[str, Any]] = {}
        for x in lines:
            found.setdefault(_key(x), x)
        lines = list(found.values())
    print(f"{len(lines)} decisions with a choice" + (" (positions met again counted once)" if unique else ""))
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for x in lines:
        by[x["kind"]].append(x)
        by["all"].append(x)
    print(f"{'kind':10s} {'graded bad':>10s} {'(i) majiang differs':>20s} {'same as majiang':>16s} {'(ii) graded bad':>16s}"
          f" {'(ii) where Hard differs':>24s}   grades")
    for kind in sorted(by, key=lambda k: (k == "all", k)):
        rows = by[kind]
        bad = [x for x in rows if x["grade"] in BAD]
        differ = sum(1 for x in bad if not x["same"])
        same = [x for x in rows if x["same"]]
        flagged = sum(1 for x in same if x["grade"] in BAD)
        apart = [x for x in same if not x["hard_same"]]
        flagged_apart = sum(1 for x in apart if x["grade"] in BAD)
        grades = Counter(x["grade"] for x in rows)
        print(f"{kind:10s} {len(bad):10d} {_share(differ, len(bad)):>20s} {len(same):16d} {_share(flagged, len(same)):>16s}"
              f" {_share(flagged_apart, len(apart)):>24s}   " + ", ".join(f"{g} {grades[g]}" for g in ("good", "inaccuracy", "mistake", "blunder")))


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} {100 * part / whole:.1f}%" if whole else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    summary = sub.add_parser("summarize", help="the two figures per kind of decision")
    summary.add_argument("logs", nargs="+", type=Path)
    summary.add_argument("--source", help="only decisions the player made this way (easy, hard, random)")
    summary.add_argument("--unique", action="store_true", help="count a position met again (same seat view, same choice) once")
    args = parser.parse_args()
    summarize(args.logs, args.source, args.unique)


if __name__ == "__main__":
    main()

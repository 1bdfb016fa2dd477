"""Drive engine matches while mjai bots follow along from the events each seat may see.

At every AI decision the engine's events so far are translated to mjai (the
exporter's own translator), masked for each seat (other hands and draws are
``"?"``) and fed to that seat's :class:`MjaiSeat`; ``check`` then receives the
engine's view and legal actions beside the bot's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mahjong_joy.ai.mjai_seat import MjaiSeat
from mahjong_joy.controller import Controller
from mahjong_joy.engine import events as ev
from mahjong_joy.replay.mjai import _Game
from mahjong_joy.rulesets.joy import ruleset_for


def mask(event: dict[str, Any], seat: int) -> dict[str, Any]:
    """The event as ``seat`` sees it."""
    if event["type"] == "start_kyoku":
        out = dict(event)
        out["tehais"] = [hand if s == seat else ["?"] * 13 for s, hand in enumerate(event["tehais"])]
        return out
    if event["type"] == "tsumo" and event["actor"] != seat:
        return {**event, "pai": "?"}
    if event["type"] in ("hora", "ryukyoku"):
        return {k: v for k, v in event.items() if k not in ("hora_tehais", "tehais")}
    return event


class Follower:
    """Four bot seats following one controller's match."""

    def __init__(self, ctl: Controller, rules: str) -> None:
        self.ctl = ctl
        self.game = _Game([str(k) for k in ctl.seat_kinds], ctl.match)
        self.cursor = 0
        self.scored = 0
        self.deals = 0
        self.seats = [MjaiSeat(rules) for _ in range(4)]
        self.streams: list[list[dict[str, Any]]] = [[] for _ in range(4)]
        self.started = False

    def catch_up(self) -> None:
        match = self.ctl.match
        new = match.events[self.cursor :]
        self.cursor = len(match.events)
        self.game.results = list(match.results[self.scored :])
        self.game.decks = list(match.decks[self.deals :])  # the match keeps each hand's deck as it deals
        out: list[dict[str, Any]] = []
        if not self.started:
            self.started = True
            out = [{"type": "start_game", "id": 0}]
        for e in new:
            out += self.game._one(e)
            self.scored += isinstance(e, ev.HandScored)
            self.deals += isinstance(e, ev.Dealt)
        for seat in range(4):
            for m in out:
                m = {"type": "start_game", "id": seat} if m["type"] == "start_game" else mask(m, seat)
                self.streams[seat].append(m)
                self.seats[seat].apply(m)


def play(seed: int, rules: str, kinds: tuple[str, ...], hands: int,
         check: Callable[[Follower, int, Any, list], None], deciders: list[Any] | None = None) -> Controller:
    """Play ``hands`` hands; ``check(follower, seat, engine_view, engine_legal)`` at each AI decision
    (``deciders`` replace the seats' AIs, as :class:`Controller` takes them)."""
    ctl = Controller(seats=kinds, seed=seed, ruleset=ruleset_for(rules), max_hands=hands, deciders=deciders)
    follower = Follower(ctl, rules)
    for seat, decider in enumerate(ctl.deciders):
        original = decider.choose

        def choose(view, legal, seat=seat, original=original):
            follower.catch_up()
            check(follower, seat, view, list(legal))
            return original(view, legal)

        decider.choose = choose  # type: ignore[method-assign]
    while not ctl.is_over:
        ctl.step()
    return ctl

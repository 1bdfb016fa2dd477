"""Who sits where in a record: the names the table shows, for the viewer and the exports.

A record is seen from its player's seat; the names themselves (the player, Momo,
Sora, Kiri, and Nana at the bottom of an all-AI record) live in
:mod:`mahjong_joy.names`. The viewer and the mjai export read the same names here, so an exported game lists the players a person saw.
"""

from __future__ import annotations

from typing import Any

from mahjong_joy.names import HUMAN, SEAT_NAMES, table_names

IMPORTED_SEAT = "mjai"  # an imported log's seat with no name of its own


def player_seat(record: dict[str, Any]) -> int:
    """The seat a replay is seen from: the record's ``player_seat``, else its first human seat, else 0."""
    seat = record.get("player_seat")
    if type(seat) is int and 0 <= seat < 4:
        return seat
    seats = record.get("seats") or []
    return seats.index(HUMAN) if HUMAN in seats else 0


def seat_names(record: dict[str, Any], me: int | None = None) -> tuple[str, ...]:
    """Names around the table, by absolute seat (:func:`mahjong_joy.names.table_names`): the
    player's name for human seats, the game's names elsewhere, counted from seat ``me``
    (the record's player seat by default).

    >>> seat_names({"seats": ["potential"] * 4})
    ('Nana', 'Momo', 'Sora', 'Kiri')
    >>> seat_names({"seats": ["easy", "human", "easy", "easy"], "player_name": "Ada"})
    ('Kiri', 'Ada', 'Momo', 'Sora')

    An imported log's seats are its players' names, shown as the log wrote them:

    >>> seat_names({"seats": ["Asa", "Ben", "Cho", "Dee"], "source": "game.json"})
    ('Asa', 'Ben', 'Cho', 'Dee')
    """
    me = player_seat(record) if me is None else me
    kinds = list(record.get("seats") or ["potential"] * 4)
    if "source" in record:  # an imported log: its seats are its players' names (play test: seat 0 showed "Nana")
        logged = [k for k in kinds if isinstance(k, str) and k.strip() and k != IMPORTED_SEAT]
        if len(logged) == 4:
            return tuple(logged)
    player = record.get("player_name") if isinstance(record.get("player_name"), str) else SEAT_NAMES[0]
    return table_names(kinds, me, player)

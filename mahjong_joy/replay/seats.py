"""Who sits where in a record: the names the table shows, for the viewer and the exports.

The game names its seats, not their AI: the player (``You`` or their chosen name)
and Momo, Sora and Kiri around the table. A record is seen from its player's seat;
in an all-AI record the bottom seat is Nana. The viewer and the mjai export read
the same names here, so an exported game lists the players a person saw.
"""

from __future__ import annotations

from typing import Any

SEAT_NAMES = ("You", "Momo", "Sora", "Kiri")  # from the player's seat: bottom, right, across, left
AI_AT_BOTTOM = "Nana"  # name of an AI seat shown at the bottom (an all-AI record)


def player_seat(record: dict[str, Any]) -> int:
    """The seat a replay is seen from: the record's ``player_seat``, else its first human seat, else 0."""
    seat = record.get("player_seat")
    if type(seat) is int and 0 <= seat < 4:
        return seat
    seats = record.get("seats") or []
    return seats.index("human") if "human" in seats else 0


def seat_names(record: dict[str, Any], me: int | None = None) -> tuple[str, ...]:
    """Names around the table, by absolute seat: the player's name for human seats, the
    game's names elsewhere, counted from seat ``me`` (the record's player seat by default).

    >>> seat_names({"seats": ["potential"] * 4})
    ('Nana', 'Momo', 'Sora', 'Kiri')
    >>> seat_names({"seats": ["easy", "human", "easy", "easy"], "player_name": "Ada"})
    ('Kiri', 'Ada', 'Momo', 'Sora')
    """
    me = player_seat(record) if me is None else me
    kinds = list(record.get("seats") or ["potential"] * 4)
    player = record.get("player_name") if isinstance(record.get("player_name"), str) else SEAT_NAMES[0]
    names = []
    for seat in range(4):
        rel = (seat - me) % 4
        if kinds[seat] == "human":
            names.append(player)
        else:
            names.append(SEAT_NAMES[rel] if rel else AI_AT_BOTTOM)
    return tuple(names)

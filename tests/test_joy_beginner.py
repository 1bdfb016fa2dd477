"""Joy Easy is beatable: the guide's best discard wins a fair share against three Easy seats.

The issue's figure (at least 25% of 400 seeded hands) comes from
``scripts/joy_beginner.py``; this is the same measurement on 60 hands with a
looser bar, and the comparison with Normal (today's potential AI) on the same deals.
"""

from __future__ import annotations

from scripts.joy_beginner import beginner_wins


def test_the_guide_seat_wins_at_least_a_fifth_of_60_hands_against_easy_and_more_than_against_normal() -> None:
    won_easy, played = beginner_wins(60, "easy", 0)
    won_normal, _ = beginner_wins(60, "normal", 0)
    assert played == 60
    assert won_easy >= 12  # measured 21 of 60 (35%)
    assert won_easy > won_normal  # measured 11 of 60 against Normal

"""``demo --screenshots``: each picture is named for what it shows, taken at that moment,
and differs from every other; the AI's bottom seat gets no guide."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.ui.demo_driver import MID_HAND_RIVER, run_demo  # noqa: E402


def _digests(folder: Path) -> dict[str, str]:
    return {p.stem: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob("*.png"))}


@pytest.fixture(scope="module")
def joy_demo(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    folder = tmp_path_factory.mktemp("demo")
    return folder, run_demo(1, 2, "fast", folder, "joy")


def test_every_picture_is_saved_once_and_differs_from_the_others(joy_demo) -> None:  # noqa: ANN001
    folder, result = joy_demo
    digests = _digests(folder)
    assert result.code == 0
    assert sorted(digests) == sorted(result.shots.taken)
    assert {"01_mid_hand", "04_final_standings"} <= set(digests)
    assert [name for name in digests if name.startswith("02_first_call_")], "the seeded match has a call"
    assert len([name for name in digests if name.startswith("03_hand")]) == 2
    assert len(set(digests.values())) == len(digests), "two pictures are the same picture"


def test_the_table_pictures_are_taken_at_their_moments(joy_demo) -> None:  # noqa: ANN001
    _, result = joy_demo
    mid = result.shots.moments["01_mid_hand"]
    assert mid.result is None and sum(map(len, mid.rivers)) >= MID_HAND_RIVER
    name = next(n for n in result.shots.moments if n.startswith("02_first_call_"))
    call = result.shots.moments[name]
    assert call.result is None, "a call picture shows the table before the hand ends, not after a win"
    melds = [(seat, m) for seat in range(4) for m in call.melds[seat]]
    assert len(melds) == 1  # the first call, and the only meld yet
    seat, meld = melds[0]
    assert name == f"02_first_call_{meld.type}" and meld.from_seat not in (None, seat)
    assert call.turn == seat and call.hand_sizes[seat] % 3 == 2, "the caller is about to discard"


def test_score_pictures_are_named_for_how_the_hand_ended(joy_demo) -> None:  # noqa: ANN001
    _, result = joy_demo
    for name, snap in result.shots.moments.items():
        if name.startswith("03_hand"):
            r = snap.result
            how = r.end if r.end != "win" else ("tsumo" if r.tsumo else "ron")
            assert name.split("_", 2)[2].startswith(how)


def test_the_demo_draws_no_guide_for_its_ai_seat(tmp_path: Path) -> None:
    from mahjong_joy.ui.demo_driver import demo_app

    app, table = demo_app(1, 1, "fast")
    drawn: list[object] = []
    table._draw_guide = lambda surface: drawn.append(surface)  # noqa: SLF001 (counting the calls)
    for _ in range(200):
        app.step(1 / 60)
    assert not app.settings.hints and drawn == []


def test_a_riichi_demo_shows_the_declaration_and_the_kan_dora_at_their_moments(tmp_path: Path) -> None:
    result = run_demo(3, 2, "fast", tmp_path, "tenhou")  # seed 3: a riichi and a kan within two hands
    digests = _digests(tmp_path)
    assert result.code == 0 and len(set(digests.values())) == len(digests)
    moments = result.shots.moments
    riichi = moments["05_riichi_declaration"]
    assert riichi.result is None and sum(riichi.riichi) == 1
    seat = riichi.riichi.index(True)
    assert riichi.river_sideways[seat] == len(riichi.rivers[seat]) - 1, "the declaration tile just went out sideways"
    dora = moments["06_kan_dora_reveal"]
    assert dora.result is None and len(dora.dora_indicators) == 2
    assert any(m.type.endswith("kan") for melds in dora.melds for m in melds)
    assert any(name.endswith("_with_ura_dora") for name in moments) == any(
        snap is not None and snap.result is not None and any(w.ura_indicators for w in snap.result.wins)
        for snap in moments.values())


def test_the_demos_bottom_ai_seat_is_named_as_an_ai_not_you() -> None:
    """The demo's bottom seat is an AI: it is Nana, as in the replay viewer (play test: "You")."""
    from mahjong_joy.ui.demo_driver import demo_app

    app, table = demo_app(1, 1, "fast")
    app.step(1 / 60)
    assert table.snap.names[table.snap.me] == "Nana" and "You" not in table.snap.names

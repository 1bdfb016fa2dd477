"""Small words the player reads: a damaged record's message, the Stats chart title, the
names of saved records as the README gives them."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

from mahjong_joy.commands.simulate import simulate
from mahjong_joy.errors import RecordError
from mahjong_joy.untrusted import parse_json

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize("text", ['{"a": "abc', '{"schema": 2, "matches": [', '{"a" 1}', '[1 2]\n'])
def test_a_json_error_says_where_once(text: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_json(text, "record 'x.json'")
    message = str(caught.value)
    assert "at at" not in message and message.count(" at ") == 1
    assert re.search(r" at (line \d+ )?column \d+$", message)


def test_a_jsonl_line_names_its_column_not_a_second_line_number() -> None:
    with pytest.raises(RecordError) as caught:
        parse_json('{"type": bad}', "game.jsonl line 2")
    assert str(caught.value).endswith("at column 10") and "line 1" not in str(caught.value)


def test_the_placement_chart_title_says_match_for_one_match() -> None:
    pytest.importorskip("pygame")
    from mahjong_joy.ui.scenes.stats import placements_title

    assert placements_title(1) == "Placement, last match"
    assert placements_title(2) == "Placement, last 2 matches"


def _readme_record_pattern() -> re.Pattern[str]:
    """The README's ``records/`` row, turned into a regular expression."""
    row = next(line for line in README.read_text(encoding="utf-8").splitlines() if line.startswith("| `records/`"))
    shape = re.search(r"`(<[^`]*\.json)`", row).group(1)
    return re.compile("^" + re.escape(shape).replace("<YYYYmmdd>", r"\d{8}").replace("<HHMMSS>", r"\d{6}")
                      .replace("<seed>", r"\d+") + "$")


@pytest.mark.parametrize("started_at", ["2026-12-01T11:48:22Z", None])
def test_saved_records_are_named_as_the_readme_says(started_at: str | None) -> None:
    from mahjong_joy.app.archive import archive_match
    from mahjong_joy.storage.history import History

    with History.open() as history:
        path = archive_match(simulate(5, hands=1)[0], history=history, started_at=started_at,
                             now=datetime(2026, 1, 5, 9, 30, tzinfo=timezone.utc))
    assert _readme_record_pattern().match(path.name), path.name
    assert path.name == ("20261201T114822-seed5.json" if started_at else "20260105T093000-seed5.json")

"""Record the mjai event stream one seat sees in a seeded game, with the engine's legal
actions at each of its decisions: ``tests/fixtures/mjai_bot_stream.json``.

    python scripts/make_mjai_stream.py [SEED] [HANDS]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.mjai_drive import play  # noqa: E402

SEAT = 1


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    hands = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    steps = []
    sent = [0]

    def check(follower, seat, view, legal):
        if seat != SEAT:
            return
        stream = follower.streams[SEAT]
        steps.append({"events": stream[sent[0]:], "legal": [a.to_dict() for a in legal]})
        sent[0] = len(stream)

    play(seed, "mahjong_soul", ("hard", "hard", "easy", "normal"), hands, check)
    out = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "mjai_bot_stream.json"
    out.write_text(json.dumps(steps, separators=(",", ":")) + "\n")
    print(f"{len(steps)} decisions -> {out}")


if __name__ == "__main__":
    main()

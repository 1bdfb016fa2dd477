"""Child process for the kill test: plays a seeded all-AI match with autosave and SIGKILLs itself.

``python tests/autosave_child.py SEED N after``: kill right after the first save
holding at least N decisions (prints that count first).
``python tests/autosave_child.py SEED N mid-write``: kill inside the save that
would hold at least N decisions, after the temporary file is written and
before it replaces the autosave (prints the count of the save before it).
No timing is involved: the kill happens at a chosen point of the code.
"""

from __future__ import annotations

import os
import signal
import sys

from mahjong_joy.storage import files
from mahjong_joy.ui.controller_session import ControllerSession


def main(seed: int, target: int, mode: str) -> None:
    session = ControllerSession(seed=seed, human=False, autosave=True)
    saved = [0]
    real_replace = os.replace

    def replace(src: str, dst: str) -> None:
        if mode == "mid-write" and len(session.ctl.decisions) >= target:
            print(saved[0], flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
        real_replace(src, dst)
        saved[0] = len(session.ctl.decisions)

    files.os.replace = replace  # type: ignore[attr-defined]
    while not session.ctl.is_over:
        if session.ctl.hand.is_finished:
            session.next_hand()
        else:
            session.step()
        if mode == "after" and saved[0] >= target:
            print(saved[0], flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
    print("finished", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])

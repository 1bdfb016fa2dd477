"""Check that the game's synthesised sounds really play where an audio device exists.

    python scripts/sound_check.py [OUT_DIR]

The play test heard nothing in an environment without sound, so this plays every effect
through SDL's ``disk`` audio driver, which writes the mixed samples to a file as a
device would receive them, and reports each effect's peak and RMS level in that file
(silence would be 0). It also starts the mixer with the system's own audio and reports
whether a device was found (``Sounds.ready``) and what, if anything, reached stderr.
"""

from __future__ import annotations

import array
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = """
import os, sys, time, pygame
from mahjong_joy.ui.sound import MAKERS, RATE, Sounds
sounds = Sounds(1.0)
print("ready", sounds.ready, flush=True)
name = sys.argv[1]
if sounds.ready:
    sounds.play(name)
    length = len(MAKERS[name]()) / RATE + 0.3
    time.sleep(length)  # the disk driver writes in real time: let the effect finish
pygame.mixer.quit()
"""


def level(path: Path) -> tuple[int, float]:
    """Peak and RMS of the 16-bit samples in ``path`` (0, 0.0 when empty)."""
    samples = array.array("h", path.read_bytes()[: len(path.read_bytes()) // 2 * 2])
    if not samples:
        return 0, 0.0
    return max(abs(v) for v in samples), math.sqrt(sum(v * v for v in samples) / len(samples))


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    out.mkdir(parents=True, exist_ok=True)
    from mahjong_joy.ui.sound import MAKERS

    silent = []
    for name in MAKERS:
        wav = out / f"{name}.raw"
        env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(wav), PYGAME_HIDE_SUPPORT_PROMPT="1")
        run = subprocess.run([sys.executable, "-c", CHILD, name], env=env, capture_output=True, text=True, timeout=60)
        peak, rms = level(wav) if wav.exists() else (0, 0.0)
        print(f"{name:10s} {run.stdout.strip():12s} peak {peak:6d}  rms {rms:8.1f}")
        if peak == 0:
            silent.append(name)
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    run = subprocess.run([sys.executable, "-c", CHILD, "click"], env=env, capture_output=True, text=True, timeout=60)
    print(f"system audio: {run.stdout.strip() or '(no output)'}; stderr: {run.stderr.strip() or '(nothing)'}")
    print("every effect reached the device" if not silent else f"SILENT: {', '.join(silent)}")
    return 1 if silent else 0


if __name__ == "__main__":
    sys.exit(main())

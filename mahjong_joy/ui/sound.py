"""Short effects synthesised with the stdlib; silent without an audio device.

No sample files to ship or license: a click (discard), a chime (claim offered), a
flourish (win), one voice per callout (chi, pon, kan, riichi, ron, tsumo) and a fanfare
(a big hand) are sums of sines with a fade-out, each built in a few tens of ms.
None is built before the first frame (they cost about 0.1 s together): the App builds
them one per background step right after it (:meth:`Sounds.build_steps`), and an
effect played before its step is built on the spot.
"""

from __future__ import annotations

import array
import ctypes
import math
import operator
from collections.abc import Iterator
from pathlib import Path

import pygame

RATE = 22050


def _tone(freqs: list[tuple[float, float, float]], length: float, volume: float = 0.5) -> array.array:
    """16-bit mono samples: each (freq, start, amp) rings from ``start`` with an exponential decay.

    Built with list comprehensions and ``map`` rather than one Python statement
    per sample, which keeps the start-up cost to a few tens of milliseconds.
    """
    n = int(RATE * length)
    mix = [0.0] * n
    attack = RATE // 400  # quick attack: no click at the start
    for freq, start, amp in freqs:
        first = int(start * RATE)
        step, fall = 2 * math.pi * freq / RATE, -9.0 / RATE
        note = [amp * math.exp(fall * j) * math.sin(step * j) for j in range(n - first)]
        note[:attack] = [v * j / attack for j, v in enumerate(note[:attack])]
        mix[first:] = map(operator.add, mix[first:], note)
    fade = int(0.02 * RATE)  # short fade-out: no click at the end
    mix[n - fade :] = [v * (fade - j) / fade for j, v in enumerate(mix[n - fade :])]
    gain = 32767 * volume
    return array.array("h", [max(-32767, min(32767, int(gain * v))) for v in mix])


def _click() -> array.array:
    return _tone([(1800, 0, 0.35), (900, 0, 0.25)], 0.07)


def _chime() -> array.array:
    return _tone([(880, 0, 0.4), (1320, 0.08, 0.3)], 0.45)


def _flourish() -> array.array:
    notes = [523.25, 659.25, 783.99, 1046.5]
    return _tone([(f, i * 0.09, 0.35) for i, f in enumerate(notes)], 0.9)


# The callouts (ui/callouts.py): one voice per call, so a player hears which call it
# was without looking. Short, so they never trail into the next discard.
def _chi() -> array.array:
    return _tone([(1318.5, 0, 0.3), (1568.0, 0.06, 0.3)], 0.22)  # two light rising ticks


def _pon() -> array.array:
    return _tone([(392.0, 0, 0.45), (784.0, 0, 0.2), (1176.0, 0, 0.08)], 0.28)  # a round knock


def _kan() -> array.array:
    bell = [(660.0, 0, 0.35), (660.0 * 2.76, 0, 0.15)]  # an inharmonic partial: metallic
    return _tone(bell + [(495.0, 0.12, 0.3), (495.0 * 2.76, 0.12, 0.12)], 0.5)


def _riichi() -> array.array:
    notes = [587.33, 739.99, 880.0, 1174.66]
    return _tone([(f, i * 0.05, 0.28) for i, f in enumerate(notes)], 0.5)  # a quick rising run


def _ron() -> array.array:
    return _tone([(440.0, 0, 0.3), (554.37, 0, 0.25), (659.25, 0, 0.25), (880.0, 0.05, 0.25)], 0.6)  # a struck chord


def _tsumo() -> array.array:
    notes = [1046.5, 1318.5, 1568.0, 2093.0]
    return _tone([(f, i * 0.07, 0.25) for i, f in enumerate(notes)], 0.6)  # a bright sparkle upward


def _fanfare() -> array.array:
    notes = [523.25, 659.25, 783.99, 1046.5, 1318.5, 1568.0]
    rising = [(f, i * 0.08, 0.3) for i, f in enumerate(notes)]
    return _tone(rising + [(1046.5, 0.5, 0.3), (1318.5, 0.5, 0.25), (1568.0, 0.5, 0.25)], 1.3)  # a big hand's title


EFFECTS = {"click": _click, "chime": _chime, "flourish": _flourish}  # the table's own sounds, built first
LATER = {"chi": _chi, "pon": _pon, "kan": _kan, "riichi": _riichi, "ron": _ron, "tsumo": _tsumo, "fanfare": _fanfare}
MAKERS = {**EFFECTS, **LATER}


_ALSA_ERROR_HANDLER = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p)
_quiet_handler = _ALSA_ERROR_HANDLER(lambda *_: None)  # kept alive for as long as ALSA may call it


def quiet_alsa() -> None:
    """Keep ALSA's own diagnostics off the terminal: on a machine with no sound card the
    library prints eight "ALSA lib ... cannot find card" lines when the mixer looks for
    a device, which reads as an error to a player starting the game (play test). The
    game already runs silent there; only the noise goes. The ALSA that SDL loads is the
    one bundled with pygame-ce (else the system's); a missing library changes nothing."""
    bundled = Path(pygame.__file__).parent.parent / "pygame_ce.libs"
    candidates = sorted(str(p) for p in bundled.glob("libasound*.so*")) if bundled.is_dir() else []
    for name in candidates + ["libasound.so.2"]:
        try:
            ctypes.CDLL(name).snd_lib_error_set_handler(_quiet_handler)
        except (OSError, AttributeError):
            continue


class Sounds:
    """The game's effects; every method is a no-op when the mixer is unavailable."""

    def __init__(self, volume: float = 0.6) -> None:
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.volume = volume
        self.ready = False  # a mono mixer is up: effects are built when first played or by build_steps
        quiet_alsa()
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        except pygame.error:
            return  # no audio device: run silent
        init = pygame.mixer.get_init()
        if not init or init[2] != 1:
            return  # mono buffers only match a mono mixer; stay silent rather than squeal
        self.ready = True

    def build_steps(self) -> Iterator[int]:
        """Build every effect not yet built, one per step (a background job of the App)."""
        for name in MAKERS:
            self.prepare(name)
            yield 1

    def set_volume(self, volume: float) -> None:
        """Apply the Settings volume (0..1) to every effect."""
        self.volume = volume
        for sound in self.effects.values():
            sound.set_volume(max(0.0, min(1.0, volume)))

    def prepare(self, name: str) -> pygame.mixer.Sound | None:
        """The effect ``name``, building it now (about 6-80 ms) if it is not yet built:
        a scene may ask ahead of a quiet moment rather than hitch mid-animation."""
        sound = self.effects.get(name)
        if sound is None and self.ready and name in MAKERS:
            sound = self.effects[name] = pygame.mixer.Sound(buffer=MAKERS[name]().tobytes())
            sound.set_volume(max(0.0, min(1.0, self.volume)))
        return sound

    def play(self, name: str) -> None:
        """Play one effect if sound is available (built on its first use if its
        background step has not come yet)."""
        sound = self.prepare(name)
        if sound is not None:
            sound.play()

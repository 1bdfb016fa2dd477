"""Saved matches brought back to life: Continue, a new game replacing the save, and the archive queue.

The record layer (:mod:`mahjong_joy.replay.autosave`, :mod:`mahjong_joy.replay.pending`)
reads, checks, writes and queues the files; here a saved match becomes a live
:class:`~mahjong_joy.controller.Controller` again (through
:meth:`~mahjong_joy.controller.Controller.resume`, the same path as in play), and a
finished or abandoned one is archived (:func:`~mahjong_joy.app.archive.archive_saved`).
A bad file never stops the game: it is set aside and ``RecordError`` says why.
"""

from __future__ import annotations

from pathlib import Path

from mahjong_joy.i18n import tr
from mahjong_joy.app.archive import archive_saved
from mahjong_joy.controller import Controller
from mahjong_joy.errors import MahjongJoyError, RecordError, StorageUnavailableError
from mahjong_joy.replay.autosave import AutosaveMeta, clear_autosave, read_saved_record, saved_errors, set_aside
from mahjong_joy.replay.pending import queued, set_aside_text
from mahjong_joy.replay.record import record_ruleset
from mahjong_joy.storage.paths import autosave_path


def read_saved(path: Path, auto_deal: bool = False) -> tuple[Controller, AutosaveMeta]:
    """A saved match file (the autosave, or one waiting in the archive queue) rebuilt.

    Raises ``FileNotFoundError`` when there is no file and ``RecordError`` naming
    what is wrong otherwise (the caller decides where the bad file goes).
    """
    data, meta = read_saved_record(path)
    with saved_errors():
        ruleset = record_ruleset(data, "the autosave")
        ctl = Controller.resume(data["matches"][0], data["seats"], ruleset, auto_deal=auto_deal, name="the autosave")
    if meta.branched_from is not None:  # reasons before the takeover name the seats as the recorded table did
        ctl.spoken_from = ctl.decision_at(meta.branched_from.hand, meta.branched_from.step)
    return ctl, meta


def load_autosave(auto_deal: bool = False) -> tuple[Controller, AutosaveMeta] | None:
    """The saved match rebuilt as a controller, with its meta; ``None`` when there is none.

    A bad file is set aside and ``RecordError`` says so in a sentence the player
    can read. A saved match that already ended is archived and cleared instead
    (nothing to continue), and ``None`` is returned; when the history is in use
    the save is queued instead and ``StorageUnavailableError`` says so.
    """
    try:
        ctl, meta = read_saved(autosave_path(), auto_deal)
    except FileNotFoundError:
        return None
    except RecordError as exc:
        raise set_aside(str(exc)) from None
    if ctl.is_over:
        archive_saved(ctl, meta, autosave_path())
        return None
    return ctl, meta


def abandon_autosave() -> str | None:
    """A new match replaces the saved one: keep the unfinished match in records/ and
    the history (unplaced), then clear the save. Returns a message for the player
    when the save was bad (it is set aside) or the history could not take it now
    (the save is queued in ``pending/``): either way the autosave slot is free."""
    try:
        loaded = load_autosave(auto_deal=False)
        if loaded is None:
            return None
        ctl, meta = loaded
        if not ctl.decisions:
            clear_autosave()
            return None
        archive_saved(ctl, meta, autosave_path())
    except MahjongJoyError as exc:
        return str(exc)
    return None


def flush_pending() -> str | None:
    """Archive every queued match that can be now; a message for the player when some could not."""
    notes: list[str] = []
    for path in queued():
        try:
            ctl, meta = read_saved(path)
        except FileNotFoundError:
            continue  # another copy of the game took it
        except RecordError as exc:
            notes.append(set_aside_text(path, str(exc)))
            continue
        try:
            archive_saved(ctl, meta, path)
        except StorageUnavailableError as exc:
            waiting = len(queued())
            notes.append(f"{exc}" if waiting == 1 else tr("{error} ({count} matches are waiting.)", error=exc, count=waiting))
            break
        except MahjongJoyError as exc:
            notes.append(tr("A waiting match could not be archived: {error}", error=exc))

    return " ".join(notes) or None

"""Safe file writes and setting bad files aside.

A write goes to a temporary file in the same folder, is flushed to disk, then
renamed over the target (``os.replace`` is atomic on one file system), so a
crash mid-write leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

STALE_SECONDS = 60.0  # a temporary file this old is a crashed write's; a live one lasts milliseconds
# ``.<target>.<8 random characters>.tmp``, as :func:`atomic_write_text` names them (tempfile.mkstemp)
_TEMPORARY = re.compile(r"\..+\.[A-Za-z0-9_]{8}\.tmp")


def atomic_write_text(path: str | Path, text: str, *, fsync: bool = True) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically; on any failure the old file is untouched.

    The rename alone already survives a killed process; ``fsync`` also survives
    a power cut, at a few milliseconds per write on a busy disk. The autosave,
    rewritten after every decision, skips it (``fsync=False``).
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            if fsync:
                out.flush()
                os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_json(path: str | Path, obj: Any) -> None:
    """Serialise first (a value JSON cannot hold raises before any file is touched), then write atomically."""
    atomic_write_text(path, json.dumps(obj, indent=2, ensure_ascii=False) + "\n")


def quarantine(path: str | Path, label: str = "corrupt") -> Path:
    """Rename a bad file to ``<name>.corrupt-<YYYYmmdd-HHMMSS>`` (``-2``, ``-3``... if taken); returns the new path.

    The bytes are kept as they were, so nothing the player had is lost and a
    bug report can include the file. ``label`` replaces ``corrupt`` for a file
    that is fine but unreadable here (``newer``: from a newer version).
    """
    source = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = source.with_name(f"{source.name}.{label}-{stamp}")
    counter = 2
    while kept.exists():
        kept = source.with_name(f"{source.name}.{label}-{stamp}-{counter}")
        counter += 1
    os.replace(source, kept)
    return kept


def remove_leftovers(folder: str | Path, older_than: float = STALE_SECONDS, now: float | None = None) -> list[Path]:
    """Delete temporary files an interrupted :func:`atomic_write_text` left in ``folder``; returns them.

    Only names this module makes are touched, and only files older than
    ``older_than`` seconds: a second copy of the game may be writing one right
    now. A file that cannot be removed is left for the next start.
    """
    clock = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if _TEMPORARY.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
            try:
                if clock - entry.stat(follow_symlinks=False).st_mtime >= older_than:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                continue
    return removed

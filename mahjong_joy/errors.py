"""One error family for the whole project.

Every error subclasses :class:`MahjongJoyError`, which subclasses ``ValueError``,
so callers can catch bad input broadly (``except ValueError``) or precisely.
"""


class MahjongJoyError(ValueError):
    """Base of every error Mahjong Joy raises on bad input or an illegal move."""


class NotationError(MahjongJoyError):
    """Tile notation that cannot be read; the message names the character and position."""


class InvalidHandError(MahjongJoyError):
    """A hand no analysis can take: a wrong tile count for its melds, or a fifth copy."""


class IllegalActionError(MahjongJoyError):
    """An engine action that the rules do not allow now; the state is left unchanged."""


class RecordError(MahjongJoyError):
    """A record, save or settings file that is missing, corrupt or from a newer schema."""


class ScoringError(MahjongJoyError):
    """A win situation or rules option the scorer cannot read: an unknown field, a bad wind."""


class RulesError(MahjongJoyError):
    """A rules value that cannot be read: an unknown option, a bad value, an unknown preset."""


class StorageUnavailableError(MahjongJoyError):
    """A data file that cannot be used now: another program holds it locked (a second copy
    of the game, a backup tool), or it could not be read and could not be moved aside either.

    A locked file is not corrupt, so it is never set aside: the game says the file is in use,
    goes on, and tries again later.
    """

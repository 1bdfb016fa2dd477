"""Everything kept between runs: the data folder, settings, match history, records.

Nothing here imports pygame; the game, the command line and tests share it.
A bad file never stops a start: it is set aside (:func:`files.quarantine`) and
defaults are used, with a short message for the player.
"""

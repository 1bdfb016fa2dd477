"""Subcommands of the ``mahjong-joy`` command line, one module each."""

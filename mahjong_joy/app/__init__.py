"""The game's services above the table: keeping a match once it ends, continuing a saved
one, and playing on from a record's position.

This layer sits above the controller, the record layer (:mod:`mahjong_joy.replay`) and
storage, and below the screens and the commands: it is where a live
:class:`~mahjong_joy.controller.Controller` meets files and the history, so neither
storage nor the record layer needs to know the controller (see ARCHITECTURE.md).
"""

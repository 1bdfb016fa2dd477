"""The table scene's parts, one concern each, combined by :class:`~mahjong_joy.ui.scenes.table.TableScene`.

- :mod:`.geometry`: where every tile, meld, river place and centre piece lies (rects only);
- :mod:`.input`: pointer, keys and buttons to the player's legal actions, and the automatic answers;
- :mod:`.animation`: controller events to flights, callouts, toasts and sounds (a table from event to handler);
- :mod:`.painting`: the cached static layer and the per-frame overlays;
- :mod:`.guide_hooks`: what the guide says now and where its panel sits.

Each part is a mixin over the scene's shared state (declared at the top of each
class), so the names the guide, the replay viewer, the guided hand and the tests call
on the scene (``scene.hand_slot``, ``scene.guide_notes``...) stay where they were.
"""

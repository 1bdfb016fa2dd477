"""Hand analysis: win check, decompositions, shanten, waits, claims."""

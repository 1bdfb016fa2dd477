"""Records of played games, replay to the same events, and the readable log."""

"""Screens: each handles events, updates by dt, draws, and names the scene that comes next."""

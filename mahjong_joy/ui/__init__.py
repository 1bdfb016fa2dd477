"""The pygame front end: the only package that imports pygame.

Importing this package itself does not import pygame, so tools that only need
paths or settings (the asset loader, the settings dataclass) stay light.
"""

"""``python -m mahjong_joy`` runs the command line."""

import sys

from mahjong_joy.cli import main

sys.exit(main())

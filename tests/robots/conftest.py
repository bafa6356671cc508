"""Lets the robot tests import their helper modules (robot_helpers, robot_reach)."""

import sys
from pathlib import Path

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

"""`python -m standings INPUT.trf --tiebreaks ...`: see standings/cli.py."""

from __future__ import annotations

import sys

from standings.cli import main

sys.exit(main())

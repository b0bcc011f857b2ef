"""`python -m pairing`: the engine's command line (see `pairing.cli`)."""

from __future__ import annotations

import sys

from pairing.cli import main

sys.exit(main())

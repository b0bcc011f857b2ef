"""`python -m config.hall`: the `swiss-arbiter` command without installing the package."""

from __future__ import annotations

import sys

from config.hall.cli import main

sys.exit(main())

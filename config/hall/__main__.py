"""`python -m config.hall`: the `swiss-arbiter` command without installing the package."""

from __future__ import annotations

import sys

from config.hall.cli import main

if __name__ == "__main__":  # not again in the server's worker process (spawned, it imports this)
    sys.exit(main())

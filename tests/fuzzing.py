"""Shared knobs of the seeded fuzzers (marker `fuzz`).

`make test` runs each fuzzer with its small default; `make fuzz` sets FUZZ_CASES to thousands.
"""

from __future__ import annotations

import os


def fuzz_cases(default: int) -> int:
    """How many cases a fuzzer runs: FUZZ_CASES when set (by `make fuzz`), else `default`."""
    value = os.environ.get("FUZZ_CASES", "")
    return int(value) if value.isdigit() and int(value) > 0 else default

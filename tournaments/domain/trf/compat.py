"""Files for bbpPairings 6.0.0, which reads TRF-2026 with one difference (VCL4THP Q21 checks
are often run with it).

TRF-2026 (FIDE Handbook, TRF26 "Tag 162") writes the absence (zero-point bye or forfeit loss)
with code `A`, and `X` for an unknown result. bbpPairings 6.0.0's reader takes `Z` where the
text has `A`, refuses `X` ("symbol X not supported") and any other code ("Invalid line"),
although its own writer writes `A`. `bbp_compatible` rewrites the `162` line of a file the
program wrote so that bbpPairings 6.0.0 reads it; nothing else changes. Our reader takes both
`A` and `Z`.
"""

from __future__ import annotations

from tournaments.domain.trf.model import TrfWriteError

_FIRST_CODE = 5
"""The 0-based column of the first code of a `162` line (TRF column 6), then every 9."""
_STEP = 9


def bbp_compatible(text: str) -> str:
    """`text` (a TRF-2026 file, LF line ends) with its `162` line's `A` codes written `Z`;
    `TrfWriteError` when the line has an `X` code, which bbpPairings 6.0.0 cannot read."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if not line.startswith("162 "):
            continue
        characters = list(line)
        for column in range(_FIRST_CODE, len(characters), _STEP):
            if characters[column] == "A":
                characters[column] = "Z"
            elif characters[column] == "X":
                raise TrfWriteError(
                    "bbpPairings 6.0.0 reads no X (unknown result) code in line 162: the "
                    "tournament's adjourned-game scoring is not the default"
                )
        lines[index] = "".join(characters)
    return "\n".join(lines)

"""The FIDE Double-Swiss System (C.04.5, approved by the Council on 28/10/2025, applied from
1 February 2026): every pairing is a match of two games with alternating colours.

A module per part of the text: `matches` reads the games of the state as matches (Preface,
1.2-1.6), `criteria` holds the criteria [C1]-[C8] (Article 2), `upfloaters` the PAB and the
choice of each bracket's upfloaters (3.3-3.5), `identifiers` the pairing of a bracket by its
first Pairing Identifier (3.6), `colours` Article 4 and the board order (C.04.2 3.6), and
`rounds` the round-pairing (3.3). Only `pairing.engine` imports this package.
"""

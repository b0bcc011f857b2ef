"""The FIDE (Dutch) system, C.04.3: rules split into modules named after the articles."""

from __future__ import annotations

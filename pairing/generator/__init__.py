"""The random tournament generator (FIDE: every endorsed pairing program has one).

Pure Python, no Django, deterministic for a given seed: `parse_config` reads a JaVaFo-style RTG
configuration, `generate_tournament` plays a whole tournament with the Dutch engine (or another
pairing function) and returns it as a `TrfDocument`, `generate_round_robin` a round robin from
the Berger tables; `run_generator` is the command line's job.
"""

from __future__ import annotations

from pairing.generator.command import run_generator
from pairing.generator.config import (
    GeneratorConfig,
    GeneratorConfigError,
    InitialColor,
    TournamentFormat,
)
from pairing.generator.config_reader import parse_config
from pairing.generator.roundrobin import generate_round_robin
from pairing.generator.tournament import IncompletePairing, PairFunction, generate_tournament

__all__ = [
    "GeneratorConfig",
    "GeneratorConfigError",
    "IncompletePairing",
    "InitialColor",
    "PairFunction",
    "TournamentFormat",
    "generate_round_robin",
    "generate_tournament",
    "parse_config",
    "run_generator",
]

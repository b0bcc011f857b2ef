"""The generator's command line job: `python -m pairing --dutch -g CONFIG -o OUT.trf [-s SEED]`,
or `python -m pairing --round-robin -g CONFIG ...` for a file whose `Format` is a round robin.

Exit codes as the engine's command line (and the endorsed engines): 0 the tournament was
written, 1 some round had no valid pairing (C.04.3 A.9), 3 invalid input (the message on
stderr names the problem).
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Final, TextIO

from pairing.engine import Edition, NoValidPairing
from pairing.generator.config import GeneratorConfigError
from pairing.generator.config_reader import parse_config, read_config, unused_keys
from pairing.generator.doubleswiss import generate_double_swiss
from pairing.generator.roundrobin import generate_round_robin
from pairing.generator.tournament import RankFunction, generate_tournament
from tournaments.domain.trf import write_trf

EXIT_OK: Final = 0
EXIT_NO_PAIRING: Final = 1
EXIT_INVALID_INPUT: Final = 3


def run_generator(
    config_path: str,
    output_path: str,
    seed: int | None,
    *,
    rank: RankFunction,
    edition: Edition | None = None,
    round_robin: bool = False,
    double_swiss: bool = False,
    stderr: TextIO | None = None,
) -> int:
    """Generate a tournament from the RTG file `config_path` into `output_path` (`-`: stdout),
    its players ranked by `rank` under the file's tie-break list (VCL Q31).

    Without a seed, one is drawn and reported on stderr and in the file's `###` comment, so that
    every tournament can be generated again. `edition` (the command line's `--edition`) sets
    the rules when the file has no `Edition` line and must agree with it otherwise.
    `round_robin` (the command line's `--round-robin` rather than `--dutch`) must agree with the
    file's `Format`: a round robin is generated from the Berger tables (`generate_round_robin`).
    `double_swiss` (`--double-swiss`) plays a Double-Swiss tournament (C.04.5,
    `generate_double_swiss`: `RoundsNumber` counts matches, the rank column stays blank).
    A `PlayersFile` is read relative to the configuration file.
    """
    errors = sys.stderr if stderr is None else stderr
    folder = Path(config_path).parent

    def read_file(name: str) -> str:
        return (folder / name).read_text(encoding="utf-8")

    try:
        text = Path(config_path).read_text(encoding="utf-8")
        given = parse_config(text, read_file)
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot read {config_path}: {error}", file=errors)
        return EXIT_INVALID_INPUT
    except GeneratorConfigError as error:
        print(f"{config_path}: {error}", file=errors)
        return EXIT_INVALID_INPUT
    if edition is not None and given.edition not in (None, edition):
        print(f"{config_path}: --edition contradicts the file's Edition line", file=errors)
        return EXIT_INVALID_INPUT
    if given.round_robin != round_robin or (round_robin and edition is not None):
        system = "--round-robin" if round_robin else "--dutch"
        print(
            f"{config_path}: {system}{' --edition' if edition else ''} contradicts the file's "
            f"Format {given.format.value}",
            file=errors,
        )
        return EXIT_INVALID_INPUT
    for key in unused_keys(text, read_file):
        print(
            f"{config_path}: {key} is not used: ResultsModel=tec (the default, the TEC's "
            "statistical model) has its own draw rate; ResultsModel=table uses it",
            file=errors,
        )
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
        print(f"seed {seed}", file=errors)
    config = read_config(text, random.Random(f"configuration {seed}"), read_file)
    if edition is not None:
        config = replace(config, edition=edition)
    if double_swiss and (config.baku or config.edition is not None):
        print(
            f"{config_path}: a Double-Swiss tournament has no Edition or Acceleration", file=errors
        )
        return EXIT_INVALID_INPUT
    try:
        if double_swiss:
            written = write_trf(generate_double_swiss(config, seed), "trf26")
        else:
            generate = generate_round_robin if config.round_robin else generate_tournament
            written = write_trf(generate(config, seed, rank=rank))
    except NoValidPairing as error:
        print(f"seed {seed}: no tournament: {error}", file=errors)
        return EXIT_NO_PAIRING
    if output_path == "-":
        sys.stdout.write(written)
        return EXIT_OK
    try:
        Path(output_path).write_text(written, encoding="utf-8")
    except OSError as error:
        print(f"cannot write {output_path}: {error}", file=errors)
        return EXIT_INVALID_INPUT
    return EXIT_OK

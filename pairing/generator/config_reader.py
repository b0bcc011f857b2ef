"""Reading an RTG configuration file (`Key=Value` lines, the keys of `config`'s docstring) into
a `GeneratorConfig`: `parse_config` as written, `read_config` with a random value for each
optional key left out."""

from __future__ import annotations

import random
from dataclasses import replace

from pairing.engine import Edition
from pairing.generator.amounts import (
    Amount,
    AmountError,
    Event,
    EventAmount,
    event_key,
    parse_amount,
    rate_event,
)
from pairing.generator.config import (
    EDITIONS,
    FIELD_OF_KEY,
    RATING_STEPS,
    ROUND_ROBIN_LISTS,
    SWISS_TIEBREAKS,
    GeneratorConfig,
    GeneratorConfigError,
    InitialColor,
    RatingSpread,
    ReadFile,
    TournamentFormat,
)
from pairing.generator.results import GameModel
from pairing.generator.roster import Entrant, RosterError, read_roster
from pairing.roundrobin.berger import BergerTableError, total_rounds
from tournaments.domain.tiebreaks import (
    DEFAULT_TIEBREAKS,
    ROUND_ROBIN_TIEBREAKS,
)


def parse_config(text: str, read_file: ReadFile | None = None) -> GeneratorConfig:
    """Read an RTG configuration (`Key=Value` lines); raise GeneratorConfigError naming the
    line of an unknown, repeated or malformed key, or the key of a value out of range.
    `read_file` reads a `PlayersFile` (None: the key is refused)."""
    return _parse(text, read_file)[0]


def unused_keys(text: str, read_file: ReadFile | None = None) -> tuple[str, ...]:
    """The keys the file gives that the tournament it describes does not use: `DrawPercentage`
    under the TEC model (`ResultsModel=tec`, the default; VCL Q32), which has its own draw
    rate. The command line names them on stderr, so a JaVaFo-style file keeps working and
    says which of its keys took no effect."""
    config, given = _parse(text, read_file)
    if config.game_model is GameModel.TEC and "DrawPercentage" in given:
        return ("DrawPercentage",)
    return ()


def read_config(
    text: str, rng: random.Random, read_file: ReadFile | None = None
) -> GeneratorConfig:
    """`parse_config`, then a random value drawn with `rng` for each optional key the file
    leaves out (see the module docstring); `Edition` stays 2017 unless given. The unusual
    results stay rare (one game in 100 to 500 each). An event given a count or a percentage
    over the tournament keeps its rate 0 (VCL Q24)."""
    config, given = _parse(text, read_file)
    given |= {item.event.rate_key for item in config.amounts if item.round is None}

    def pick(key: str, low: int, high: int) -> int:
        drawn = rng.randint(low, max(low, high))  # drawn always: no key shifts another
        return int(getattr(config, FIELD_OF_KEY[key])) if key in given else drawn

    highest = pick("HighestRating", max(config.lowest_rating, 2000), 2800)
    if "LowestRating" in given:
        highest = max(highest, config.lowest_rating)
    lowest = pick("LowestRating", min(highest, 1000), max(min(highest, 1000), highest - 400))
    draw_percentage = pick("DrawPercentage", 10, 50)
    forfeit_rate = pick("ForfeitRate", 20, 100)
    zero_bye_rate = pick("RetiredRate", 10, 60)
    half_bye_rate = pick("HalfPointByeRate", 10, 60)
    full_bye_rate = pick("FullPointByeRate", 20, 100)
    withdrawal_rate = pick("WithdrawalRate", 20, 100)
    late_entry_rate = pick("LateEntryRate", 20, 100)
    half_zero_rate = pick("HalfZeroRate", 100, 500)
    zero_half_rate = pick("ZeroHalfRate", 100, 500)
    zero_zero_rate = pick("ZeroZeroRate", 100, 500)
    tiebreaks = rng.choice(SWISS_TIEBREAKS)  # each drawn always: no key shifts another
    step = rng.choice(RATING_STEPS)
    spread = rng.choice(tuple(RatingSpread))
    deviation = pick("RatingDeviation", 100, 400)
    unrated = pick("UnratedPercentage", 0, 10)
    round_robin_list = rng.choice(ROUND_ROBIN_LISTS)
    swap = rng.random() < 0.5
    if config.round_robin:  # the Berger table seats everyone every round: no byes, no entries
        zero_bye_rate = half_bye_rate = full_bye_rate = late_entry_rate = 0
        tiebreaks = round_robin_list
    return replace(
        config,
        draw_percentage=draw_percentage,
        forfeit_rate=forfeit_rate,
        zero_bye_rate=zero_bye_rate,
        half_bye_rate=half_bye_rate,
        full_bye_rate=full_bye_rate,
        withdrawal_rate=withdrawal_rate,
        late_entry_rate=late_entry_rate,
        half_zero_rate=half_zero_rate,
        zero_half_rate=zero_half_rate,
        zero_zero_rate=zero_zero_rate,
        highest_rating=highest,
        lowest_rating=lowest,
        tiebreaks=config.tiebreaks if "TieBreaks" in given else tiebreaks,
        rating_step=config.rating_step if "RatingStep" in given else step,
        rating_spread=config.rating_spread if "RatingSpread" in given else spread,
        rating_deviation=deviation,
        unrated_percentage=unrated,
        swap_last_two=config.swap_last_two
        if "SwapLastTwoRounds" in given
        else swap and config.format is TournamentFormat.DOUBLE_ROUND_ROBIN,
    )


def _parse(text: str, read_file: ReadFile | None) -> tuple[GeneratorConfig, set[str]]:
    """The configuration and the keys the file gives."""
    numbers: dict[str, int] = {}
    color = InitialColor.RANDOM
    edition: Edition | None = None
    baku = False
    tiebreaks = DEFAULT_TIEBREAKS
    players_file: str | None = None
    roster: tuple[Entrant, ...] = ()
    spread = RatingSpread.UNIFORM
    tournament_format = TournamentFormat.SWISS
    swap_last_two = False
    game_model = GameModel.TEC
    amounts: list[EventAmount] = []
    seen: set[str] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, equals, value = (part.strip() for part in line.partition("="))
        if not equals:
            raise GeneratorConfigError(f"expected Key=Value, got {line!r}", line=number)
        counted = event_key(key) or _rate_as_percentage(key, value)
        if key not in FIELD_OF_KEY and counted is None:
            known = ", ".join([*FIELD_OF_KEY, *(event.value for event in Event)])
            raise GeneratorConfigError(
                f"unknown key {key!r} (known: {known}, and an event's key with .R<round>)",
                line=number,
            )
        if key in seen:
            raise GeneratorConfigError(f"{key} is given twice", line=number)
        seen.add(key)
        if counted is not None:
            event, round_number = counted
            amounts.append(EventAmount(event, round_number, _read_amount(key, value, number)))
        elif key == "InitialColor":
            color = _read_color(value, number)
        elif key == "Edition":
            if value not in EDITIONS:
                raise GeneratorConfigError(
                    f"Edition must be 2017 or 2025, not {value!r}", line=number
                )
            edition = EDITIONS[value]
        elif key == "Acceleration":
            if value.lower() not in ("baku", "none"):
                raise GeneratorConfigError(
                    f"Acceleration must be baku or none, not {value!r}", line=number
                )
            baku = value.lower() == "baku"
        elif key == "TieBreaks":
            tiebreaks = tuple(code.strip() for code in value.split(",") if code.strip())
        elif key == "PlayersFile":
            players_file, roster = value, _read_roster(value, read_file, number)
        elif key == "RatingSpread":
            spread = _read_spread(value, number)
        elif key == "Format":
            tournament_format = _read_format(value, number)
        elif key == "SwapLastTwoRounds":
            if value.lower() not in ("yes", "no"):
                raise GeneratorConfigError(
                    f"SwapLastTwoRounds must be yes or no, not {value!r}", line=number
                )
            swap_last_two = value.lower() == "yes"
        elif key == "ResultsModel":
            if value.lower() not in ("table", "tec"):
                raise GeneratorConfigError(
                    f"ResultsModel must be table or tec, not {value!r}", line=number
                )
            game_model = GameModel(value.lower())
        else:
            numbers[FIELD_OF_KEY[key]] = _read_number(key, value, number)
    if roster and "players" not in numbers:
        numbers["players"] = len(roster)
    if tournament_format is not TournamentFormat.SWISS:
        if "TieBreaks" not in seen:
            tiebreaks = ROUND_ROBIN_TIEBREAKS
        if "players" in numbers and "rounds" not in numbers:
            numbers["rounds"] = _round_robin_rounds(numbers["players"], tournament_format)
    missing = [key for key in ("PlayersNumber", "RoundsNumber") if FIELD_OF_KEY[key] not in numbers]
    if missing:
        raise GeneratorConfigError(f"missing {', '.join(missing)}")
    # One rating bound alone moves the other's default so that the range stays valid.
    if "lowest_rating" in numbers and "highest_rating" not in numbers:
        numbers["highest_rating"] = max(2600, numbers["lowest_rating"])
    if "highest_rating" in numbers and "lowest_rating" not in numbers:
        numbers["lowest_rating"] = min(1400, numbers["highest_rating"])
    config = GeneratorConfig(
        **numbers,
        initial_color=color,
        edition=edition,
        baku=baku,
        tiebreaks=tiebreaks,
        players_file=players_file,
        roster=roster,
        rating_spread=spread,
        amounts=tuple(sorted(amounts, key=lambda item: item.sort_key)),
        format=tournament_format,
        swap_last_two=swap_last_two,
        game_model=game_model,
    )
    return config, seen


def _round_robin_rounds(players: int, tournament_format: TournamentFormat) -> int:
    """The rounds of a round robin of `players` (C.05 Annex 1)."""
    try:
        return total_rounds(players, cycles=tournament_format.cycles)
    except BergerTableError as error:
        raise GeneratorConfigError(f"Format={tournament_format.value}: {error}") from None


def _read_format(value: str, number: int) -> TournamentFormat:
    try:
        return TournamentFormat(value.lower())
    except ValueError:
        choices = ", ".join(item.value for item in TournamentFormat)
        raise GeneratorConfigError(
            f"Format must be one of {choices}, not {value!r}", line=number
        ) from None


def _read_roster(name: str, read_file: ReadFile | None, number: int) -> tuple[Entrant, ...]:
    if read_file is None:
        raise GeneratorConfigError("PlayersFile is read by the command line only", line=number)
    try:
        return read_roster(read_file(name))
    except (OSError, UnicodeDecodeError) as error:
        raise GeneratorConfigError(
            f"cannot read PlayersFile {name}: {error}", line=number
        ) from None
    except RosterError as error:
        raise GeneratorConfigError(f"PlayersFile {name}: {error}", line=number) from None


def _rate_as_percentage(key: str, value: str) -> tuple[Event, None] | None:
    """A rate key given as a percentage (`ForfeitRate=2%`) sets its event over the tournament,
    as the event's own key would (`Forfeits=2%`)."""
    event = rate_event(key)
    return (event, None) if event is not None and value.endswith("%") else None


def _read_amount(key: str, value: str, number: int) -> Amount:
    try:
        return parse_amount(value)
    except AmountError as error:
        raise GeneratorConfigError(f"{key}: {error}", line=number) from None


def _read_spread(value: str, number: int) -> RatingSpread:
    try:
        return RatingSpread(value.lower())
    except ValueError:
        choices = ", ".join(spread.value for spread in RatingSpread)
        raise GeneratorConfigError(
            f"RatingSpread must be one of {choices}, not {value!r}", line=number
        ) from None


def _read_color(value: str, number: int) -> InitialColor:
    try:
        return InitialColor(value.lower())
    except ValueError:
        choices = ", ".join(color.value for color in InitialColor)
        raise GeneratorConfigError(
            f"InitialColor must be one of {choices}, not {value!r}", line=number
        ) from None


def _read_number(key: str, value: str, number: int) -> int:
    if not value.isascii() or not value.isdigit():
        raise GeneratorConfigError(
            f"{key} must be a whole number of 0 or more, not {value!r}", line=number
        )
    return int(value)

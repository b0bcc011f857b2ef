"""FIDE list files written in FIDE's published layout, for the tests, the samples and the
benchmark. The offsets are FIDE's (0-based column starts of `players_list_foa.txt` and of the
per-rate `*frl.txt` lists), written out here independently of the parser, which reads them from
the header line.

`python -m tests.tournaments.ratinglists.fide_files DIR` writes the sample lists that
`tournaments/fixtures/ratinglists/` ships.
"""

from __future__ import annotations

import io
import random
import sys
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

COMBINED_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
COMBINED_STARTS = (
    0,
    15,
    76,
    80,
    84,
    89,
    94,
    109,
    113,
    119,
    123,
    126,
    132,
    136,
    139,
    145,
    149,
    152,
    158,
)
COMBINED_WIDTH = 162
PER_RATE_STARTS = (0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126, 132)
PER_RATE_WIDTH = 136
RATES = ("standard", "rapid", "blitz")


def per_rate_header(month: str) -> str:
    return (
        "ID Number      Name                                                         Fed Sex Tit  "
        f"WTit OTit           FOA {month} Gms K  B-day Flag"
    )


@dataclass(frozen=True)
class ListedPlayer:
    """A player as FIDE lists them: ratings per rate as (rating, games, K), 0 when unrated."""

    fide_id: int
    name: str
    federation: str
    sex: str
    title: str = ""
    w_title: str = ""
    o_title: str = ""
    standard: tuple[int, int, int] = (0, 0, 0)
    rapid: tuple[int, int, int] = (0, 0, 0)
    blitz: tuple[int, int, int] = (0, 0, 0)
    birth_year: int = 0
    flag: str = ""

    def figures(self, rate: str) -> tuple[int, int, int]:
        return {"standard": self.standard, "rapid": self.rapid, "blitz": self.blitz}[rate]


def _place(starts: tuple[int, ...], width: int, values: Iterable[object]) -> str:
    line = [" "] * width
    for start, value in zip(starts, values, strict=True):
        text = str(value)
        line[start : start + len(text)] = text
    return "".join(line)[: max(width, len("".join(line).rstrip()))]


def combined_line(player: ListedPlayer) -> str:
    ratings = [str(value) for rate in RATES for value in player.figures(rate)]
    values = [
        player.fide_id,
        player.name,
        player.federation,
        player.sex,
        player.title,
        player.w_title,
        player.o_title,
        "",
        *ratings,
        player.birth_year,
        player.flag,
    ]
    return _place(COMBINED_STARTS, COMBINED_WIDTH, values)


def per_rate_line(player: ListedPlayer, rate: str) -> str:
    rating, games, k = player.figures(rate)
    values = [
        player.fide_id,
        player.name,
        player.federation,
        player.sex,
        player.title,
        player.w_title,
        player.o_title,
        "",
        rating,
        games,
        k,
        player.birth_year,
        player.flag,
    ]
    return _place(PER_RATE_STARTS, PER_RATE_WIDTH, values)


def combined_txt(players: Iterable[ListedPlayer]) -> str:
    return "".join(f"{line}\r\n" for line in [COMBINED_HEADER, *map(combined_line, players)])


def per_rate_txt(players: Iterable[ListedPlayer], rate: str, month: str = "OCT26") -> str:
    lines = [per_rate_header(month), *(per_rate_line(player, rate) for player in players)]
    return "".join(f"{line}\r\n" for line in lines)


def xml_player(player: ListedPlayer, rate: str | None = None) -> str:
    """One `<player>`: the combined list's children, or with `rate` a per-rate list's."""
    children = [
        ("fideid", player.fide_id),
        ("name", player.name),
        ("country", player.federation),
        ("sex", player.sex),
        ("title", player.title),
        ("w_title", player.w_title),
        ("o_title", player.o_title),
        ("foa_title", ""),
    ]
    for each in RATES if rate is None else (rate,):
        prefix = "" if rate is not None or each == "standard" else f"{each}_"
        rating, games, k = player.figures(each)
        children += [(f"{prefix}rating", rating), (f"{prefix}games", games), (f"{prefix}k", k)]
    children += [("birthday", player.birth_year), ("flag", player.flag)]
    inner = "".join(f"<{tag}>{value}</{tag}>" for tag, value in children)
    return f"<player>{inner}</player>\n"


def xml_list(players: Iterable[ListedPlayer], rate: str | None = None) -> str:
    return "<playerslist>\n" + "".join(xml_player(p, rate) for p in players) + "</playerslist>\n"


def zipped(member: str, text: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member, text.encode("ascii"))
    return buffer.getvalue()


SAMPLE_PLAYERS = (
    ListedPlayer(
        4100011,
        "Aalto, Mikko",
        "FIN",
        "M",
        "GM",
        "",
        "",
        (2634, 9, 10),
        (2601, 0, 20),
        (2655, 12, 20),
        1991,
    ),
    ListedPlayer(
        5200042,
        "Barros, Ines",
        "POR",
        "F",
        "IM",
        "WGM",
        "",
        (2422, 0, 10),
        (2390, 0, 20),
        (2401, 0, 20),
        1996,
        "w",
    ),
    ListedPlayer(
        3300107,
        "Castell, Jordi",
        "ESP",
        "M",
        "FM",
        "",
        "FA",
        (2301, 7, 20),
        (2288, 0, 20),
        (2250, 0, 20),
        1988,
    ),
    ListedPlayer(
        1100203,
        "Dubois, Claire",
        "FRA",
        "F",
        "",
        "WIM",
        "",
        (2218, 0, 20),
        (2105, 4, 20),
        (0, 0, 0),
        2003,
        "w",
    ),
    ListedPlayer(
        2400306,
        "Eriksen, Lars",
        "NOR",
        "M",
        "CM",
        "",
        "NA",
        (2151, 5, 20),
        (2140, 0, 20),
        (2163, 0, 20),
        1979,
    ),
    ListedPlayer(
        6600409,
        "Fischer, Jonas",
        "GER",
        "M",
        "",
        "",
        "",
        (2087, 0, 40),
        (0, 0, 0),
        (1994, 9, 40),
        2009,
    ),
    ListedPlayer(
        7700502,
        "Garcia Lopez, Maria",
        "ESP",
        "F",
        "",
        "WFM",
        "",
        (2010, 0, 20),
        (1980, 0, 20),
        (2001, 0, 20),
        1999,
        "wi",
    ),
    ListedPlayer(
        1100605,
        "Hamel, Louis",
        "FRA",
        "M",
        "",
        "",
        "",
        (1956, 8, 40),
        (1890, 0, 40),
        (1911, 0, 40),
        2011,
    ),
    ListedPlayer(
        8800708,
        "Ivanova, Daria",
        "KAZ",
        "F",
        "",
        "WCM",
        "",
        (1893, 0, 40),
        (1801, 0, 40),
        (0, 0, 0),
        2012,
        "w",
    ),
    ListedPlayer(
        9900801,
        "Jensen, Ole",
        "DEN",
        "M",
        "",
        "",
        "",
        (1824, 0, 20),
        (0, 0, 0),
        (0, 0, 0),
        1962,
        "i",
    ),
    ListedPlayer(
        1100904,
        "Kaplan, Noe",
        "FRA",
        "M",
        "",
        "",
        "",
        (1760, 6, 40),
        (1722, 0, 40),
        (1780, 0, 40),
        2013,
    ),
    ListedPlayer(
        1101007,
        "Lambert, Sophie",
        "FRA",
        "F",
        "",
        "",
        "",
        (1688, 0, 40),
        (1650, 0, 40),
        (1602, 0, 40),
        2014,
        "w",
    ),
    ListedPlayer(
        1101100,
        "Lamberti, Paolo",
        "ITA",
        "M",
        "",
        "",
        "",
        (1605, 4, 40),
        (0, 0, 0),
        (0, 0, 0),
        1975,
    ),
    ListedPlayer(
        1101203,
        "Moreau, Hugo",
        "FRA",
        "M",
        "",
        "",
        "",
        (1532, 0, 40),
        (1500, 0, 40),
        (1488, 0, 40),
        2015,
    ),
    ListedPlayer(
        1101306,
        "Nguyen, Thi Lan",
        "VIE",
        "F",
        "",
        "",
        "",
        (0, 0, 0),
        (1620, 5, 40),
        (1599, 0, 40),
        2010,
        "w",
    ),
    ListedPlayer(1101409, "Olsen, Per", "NOR", "M", "", "", "", (0, 0, 0), (0, 0, 0), (0, 0, 0), 0),
)
"""The sample list `make run` loads and the tests read (fictional players)."""


def sample_files() -> dict[str, bytes]:
    """The sample lists, by file name, in the archives FIDE distributes."""
    files = {
        "players_list.zip": zipped("players_list_foa.txt", combined_txt(SAMPLE_PLAYERS)),
        "players_list_xml.zip": zipped("players_list_xml_foa.xml", xml_list(SAMPLE_PLAYERS)),
    }
    for rate in RATES:
        listed = [player for player in SAMPLE_PLAYERS if player.figures(rate)[0]]
        files[f"{rate}_oct26frl.zip"] = zipped(f"{rate}_oct26frl.txt", per_rate_txt(listed, rate))
        files[f"{rate}_oct26frl_xml.zip"] = zipped(
            f"{rate}_oct26frl_xml.xml", xml_list(listed, rate)
        )
    return files


SYLLABLES = (
    "an",
    "ber",
    "cor",
    "da",
    "el",
    "fa",
    "gor",
    "han",
    "is",
    "jo",
    "ka",
    "lin",
    "mar",
    "no",
    "ol",
    "pe",
    "ru",
    "sa",
    "ter",
    "ul",
    "va",
    "wen",
    "xi",
    "yo",
    "zen",
)
FEDERATIONS = ("FRA", "GER", "ESP", "ITA", "IND", "USA", "RUS", "CHN", "NED", "POL", "FID")


def generated_players(count: int, seed: int = 2026) -> Iterator[ListedPlayer]:
    """`count` made-up players with the spread of the real list (most unrated, some titled)."""
    draw = random.Random(seed)
    for index in range(count):
        last = "".join(draw.choice(SYLLABLES) for _ in range(draw.randint(2, 4))).capitalize()
        first = "".join(draw.choice(SYLLABLES) for _ in range(draw.randint(1, 3))).capitalize()
        rated = draw.random() < 0.45

        def figures(rated: bool = rated) -> tuple[int, int, int]:
            if not rated or draw.random() < 0.3:
                return (0, 0, 0)
            return (draw.randint(1400, 2800), draw.randint(0, 12), draw.choice((10, 20, 40)))

        yield ListedPlayer(
            fide_id=1_000_000 + index * 7,
            name=f"{last}, {first}",
            federation=draw.choice(FEDERATIONS),
            sex=draw.choice("MMMF"),
            title=draw.choice(("GM", "IM", "FM", "CM")) if rated and draw.random() < 0.02 else "",
            standard=figures(),
            rapid=figures(),
            blitz=figures(),
            birth_year=draw.randint(1940, 2018) if draw.random() < 0.98 else 0,
            flag=draw.choice(("", "", "i", "w", "wi")),
        )


if __name__ == "__main__":
    target = Path(sys.argv[1])
    for name, content in sample_files().items():
        (target / name).write_bytes(content)
        print(f"wrote {target / name}")

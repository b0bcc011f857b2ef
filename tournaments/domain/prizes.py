"""The prize list and its distribution (issue 33): place prizes, category prizes, one prize per
player, ties shared equally, by the Hort system or decided by the tie-breaks.

Pure Python. Amounts are integers in the smallest unit of the list's currency (cents); a prize
either pays money (`amount`) or is a thing (`item`: a trophy, a book), and a thing is never
shared. FIDE's rules leave the prizes to each event's regulations (announced before the
start); the rules below are the ones open tournaments announce:

1. **The order of the prizes** (`Choice`): the prizes are handed out one at a time in an order,
   each to the best-ranked eligible player who has none yet (one prize per player). The order
   decides which prize a player qualifying for several receives: the higher amount first
   (`HIGHER_AMOUNT`), the place prizes first (`PLACE_FIRST`), or the order the regulations list
   them (`LISTED`). Without one prize per player each category is handed out on its own.
2. **Ties** (`Sharing`): when a money prize of a category goes to a player, the players on the
   same points who belong to the category and are in no pool yet join that prize's pool, and
   the category's next prizes go to them first; the pool is shared by its members equally
   (`EQUAL`) or by the Hort system (`HORT`): each prize winner first keeps `hort_percent` % of
   the prize the tie-break order gives them, and the rest of the pool is shared equally
   (Vlastimil Hort's system, 50 % kept and 50 % shared: Vega's manual names it for prize lists,
   and the German Wikipedia article "Hort-System" gives its definition and worked example).
   With `TIEBREAK` nothing is shared. A share is whole units: the remainder of a division goes
   one unit each to the best-ranked sharers, so a pool is paid exactly (never more: the
   Wikipedia example rounds every share up and pays 1 EUR over its fund).
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.domain.state import PlayerId


class Choice(enum.Enum):
    """Which prize a player qualifying for several receives under one prize per player."""

    HIGHER_AMOUNT = "amount"
    PLACE_FIRST = "place"
    LISTED = "listed"


class Sharing(enum.Enum):
    """How players tied on points share money prizes."""

    EQUAL = "equal"
    HORT = "hort"
    TIEBREAK = "tiebreak"


@dataclass(frozen=True, slots=True)
class Contender:
    """A player in the final (or provisional) standings: `rank` is the place the tie-breaks
    give (1 = first, all different), `points` the score in half-points."""

    player: PlayerId
    rank: int
    points: int
    rating: int = 0
    """The rating the categories read; 0 means unrated."""
    birth_year: int | None = None
    sex: str = ""
    federation: str = ""
    club: str = ""
    fields: Mapping[str, str] = field(default_factory=dict)
    """Any other field of the entry (a school, a region)."""


@dataclass(frozen=True, slots=True)
class Category:
    """A predicate over a player: every condition set must hold. Ages are counted by birth
    year on `age_on` (a junior under 14 in 2026 is born in 2013 or later: `max_age=13`)."""

    name: str
    min_rating: int | None = None
    max_rating: int | None = None
    unrated: bool | None = None
    """True: unrated players only; False: rated players only."""
    min_age: int | None = None
    max_age: int | None = None
    age_on: datetime.date | None = None
    sex: str = ""
    federation: str = ""
    club: str = ""
    field_name: str = ""
    field_value: str = ""

    def admits(self, player: Contender) -> bool:
        """Whether `player` belongs to the category (an age condition without a birth year
        fails; a rating band admits unrated players only when its minimum is unset)."""
        rating = player.rating
        if self.unrated is not None and (rating == 0) != self.unrated:
            return False
        if self.min_rating is not None and rating < self.min_rating:
            return False
        if self.max_rating is not None and rating > self.max_rating:
            return False
        if self.min_age is not None or self.max_age is not None:
            if player.birth_year is None or self.age_on is None:
                return False
            age = self.age_on.year - player.birth_year
            if self.min_age is not None and age < self.min_age:
                return False
            if self.max_age is not None and age > self.max_age:
                return False
        checks = (
            (self.sex, player.sex),
            (self.federation, player.federation),
            (self.club, player.club),
        )
        if any(wanted and wanted.casefold() != value.casefold() for wanted, value in checks):
            return False
        if self.field_name:
            value = player.fields.get(self.field_name, "")
            if value.casefold() != self.field_value.casefold():
                return False
        return True


GENERAL = Category("")
"""The place prizes: a category admitting everybody."""


@dataclass(frozen=True, slots=True)
class Prize:
    """The `place`-th prize (1-based) of `category` (GENERAL for a place prize): money
    (`amount` > 0, in the smallest unit) or a thing (`item`)."""

    category: Category
    place: int
    amount: int = 0
    item: str = ""

    def __post_init__(self) -> None:
        if self.place < 1:
            raise ValueError(f"a prize's place starts at 1, not {self.place}")
        if self.amount < 0:
            raise ValueError("a prize's amount cannot be negative")
        if (self.amount > 0) == bool(self.item):
            raise ValueError("a prize is either an amount of money or a thing, not both or neither")

    @property
    def is_money(self) -> bool:
        return self.amount > 0


@dataclass(frozen=True, slots=True)
class Rules:
    """The distribution rules an event announces."""

    one_per_player: bool = True
    choice: Choice = Choice.HIGHER_AMOUNT
    sharing: Sharing = Sharing.EQUAL
    hort_percent: int = 50
    """Under the Hort system, the share of the tie-break prize a winner keeps (0-100)."""

    def __post_init__(self) -> None:
        if not 0 <= self.hort_percent <= 100:
            raise ValueError("the Hort percentage is between 0 and 100")


@dataclass(frozen=True, slots=True)
class Award:
    """What one player receives for one prize group: `prizes` are the prizes of the pool (or
    the one prize) the award comes from, `amount` the money paid, `sharers` how many players
    shared the pool (1: not shared)."""

    player: PlayerId
    category: Category
    prizes: tuple[Prize, ...]
    amount: int
    item: str = ""
    sharers: int = 1


def prize_order(prizes: Sequence[Prize], rules: Rules) -> list[Prize]:
    """The order the prizes are handed out in (rule 1). Within a category the places keep
    their order whatever the choice; equal keys keep the listed order."""
    listed = {prize: index for index, prize in enumerate(prizes)}
    if len({(prize.category, prize.place) for prize in prizes}) != len(prizes):
        raise ValueError("a category lists the same place twice")
    categories: dict[Category, int] = {}
    for prize in prizes:
        categories.setdefault(prize.category, len(categories))

    def key(prize: Prize) -> tuple[int, int, int, int]:
        general = 0 if prize.category == GENERAL else 1
        match rules.choice:
            case Choice.HIGHER_AMOUNT:
                return (0 if prize.is_money else 1, -prize.amount, general, listed[prize])
            case Choice.PLACE_FIRST:
                return (general, categories[prize.category], prize.place, listed[prize])
            case Choice.LISTED:
                return (0, 0, 0, listed[prize])

    ordered = sorted(prizes, key=key)
    # Within a category, the better place is handed out first (a 2nd prize worth more than
    # the 1st still goes to the category's second-best player).
    slots: dict[Category, list[Prize]] = {}
    for prize in ordered:
        slots.setdefault(prize.category, []).append(prize)
    for category_prizes in slots.values():
        category_prizes.sort(key=lambda prize: (prize.place, listed[prize]))
    taken = {category: iter(category_prizes) for category, category_prizes in slots.items()}
    return [next(taken[prize.category]) for prize in ordered]


def _split(pool: int, sharers: Sequence[Contender]) -> dict[PlayerId, int]:
    """`pool` in equal whole units, the remainder one unit each to the best-ranked sharers."""
    share, remainder = divmod(pool, len(sharers))
    ordered = sorted(sharers, key=lambda player: player.rank)
    return {
        player.player: share + (1 if index < remainder else 0)
        for index, player in enumerate(ordered)
    }


PoolKey = tuple[Category, int]
"""A pool: a category's money prizes won by players on the same points (half-points)."""


@dataclass(slots=True)
class _Pool:
    prizes: list[Prize] = field(default_factory=list)
    members: list[Contender] = field(default_factory=list)
    holders: dict[PlayerId, Prize] = field(default_factory=dict)


def distribute(
    prizes: Sequence[Prize], standings: Sequence[Contender], rules: Rules
) -> list[Award]:
    """The awards of the prize list (rules 1 and 2), in the order the prizes are handed out,
    the sharers of a pool by rank.

    The prizes are handed out in `prize_order`. When a money prize of a category goes to a
    player on `s` points (the best-ranked eligible player free for it), every eligible player
    on `s` points not yet in a pool joins that pool (unless the tie-break decides ties): they
    share it, and the category's next prizes go to them first. With one prize per player a
    player is in one pool at most, the one of the first prize handed out to their points; a
    thing goes to the best-ranked eligible player in no pool and holding nothing."""
    ranked = sorted(standings, key=lambda player: player.rank)
    sharing = rules.sharing is not Sharing.TIEBREAK
    claims: dict[tuple[Category | None, PlayerId], PoolKey | None] = {}
    held: set[tuple[Category | None, PlayerId]] = set()
    pools: dict[PoolKey, _Pool] = {}
    awards: list[Award | PoolKey] = []
    for prize in prize_order(prizes, rules):
        scope = None if rules.one_per_player else prize.category
        winner = next(
            (
                candidate
                for candidate in ranked
                if (scope, candidate.player) not in held
                and prize.category.admits(candidate)
                and _free_for(claims, (scope, candidate.player), prize, candidate, sharing)
            ),
            None,
        )
        if winner is None:
            continue
        held.add((scope, winner.player))
        if not prize.is_money or not sharing:
            claims[(scope, winner.player)] = None
            awards.append(Award(winner.player, prize.category, (prize,), prize.amount, prize.item))
            continue
        key = (prize.category, winner.points)
        if key not in pools:
            pools[key] = _Pool()
            awards.append(key)
        pool = pools[key]
        pool.prizes.append(prize)
        pool.holders[winner.player] = prize
        for member in ranked:
            if (
                member.points == winner.points
                and (scope, member.player) not in claims
                and prize.category.admits(member)
            ):
                claims[(scope, member.player)] = key
                pool.members.append(member)
    return [award for entry in awards for award in _paid(entry, pools, rules)]


def _free_for(
    claims: Mapping[tuple[Category | None, PlayerId], PoolKey | None],
    claim: tuple[Category | None, PlayerId],
    prize: Prize,
    candidate: Contender,
    sharing: bool,
) -> bool:
    """Whether `candidate` may take `prize`: in no pool yet, or in the pool the prize joins."""
    if claim not in claims:
        return True
    return sharing and prize.is_money and claims[claim] == (prize.category, candidate.points)


def _paid(entry: Award | PoolKey, pools: Mapping[PoolKey, _Pool], rules: Rules) -> list[Award]:
    """An award as it is, or a pool's awards: equal shares, or the Hort system's kept part
    (`hort_percent` % of the prize the tie-break gives) plus an equal share of the rest."""
    if isinstance(entry, Award):
        return [entry]
    pool = pools[entry]
    kept = dict.fromkeys((member.player for member in pool.members), 0)
    if rules.sharing is Sharing.HORT:
        for player, prize in pool.holders.items():
            kept[player] = prize.amount * rules.hort_percent // 100
    shares = _split(sum(prize.amount for prize in pool.prizes) - sum(kept.values()), pool.members)
    members = sorted(pool.members, key=lambda member: member.rank)
    return [
        Award(
            member.player,
            entry[0],
            tuple(pool.prizes),
            kept[member.player] + shares[member.player],
            sharers=len(members),
        )
        for member in members
    ]


def fund(prizes: Sequence[Prize]) -> int:
    """The money the prize list announces, in the smallest unit."""
    return sum(prize.amount for prize in prizes)

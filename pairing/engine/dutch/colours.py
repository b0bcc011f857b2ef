"""Colour allocation, C.04.3 E.1-E.5, and the colour criteria it feeds (C.8-C.11)."""

from __future__ import annotations

from pairing.engine.dutch.players import PlayerFacts, Strength
from tournaments.domain.state import Color


def _last_difference(higher: PlayerFacts, lower: PlayerFacts) -> Color:
    """E.3: the colour `higher` had in the latest round in which the two players had different
    colours, with the played-colour sequences aligned at their latest game; NONE if none."""
    for own, other in zip(reversed(higher.colours), reversed(lower.colours), strict=False):
        if own is not other:
            return own
    return Color.NONE


def white_for_higher(higher: PlayerFacts, lower: PlayerFacts, initial: Color) -> bool:
    """Whether the higher-ranked player (A.2) gets White in a pair with `lower` (E.1-E.5)."""
    hp, lp = higher.preference, lower.preference
    # E.1: grant both preferences when they differ or when at most one player has one.
    if hp is Color.NONE and lp is not Color.NONE:
        return lp is Color.BLACK
    if hp is not Color.NONE and (lp is Color.NONE or lp is not hp):
        return hp is Color.WHITE
    if hp is not Color.NONE:
        # E.2: the stronger preference; two absolute ones: the wider colour difference.
        if higher.strength != lower.strength:
            winner = higher if higher.strength > lower.strength else lower
            return (winner.preference is Color.WHITE) == (winner is higher)
        if higher.strength is Strength.ABSOLUTE:
            hcd, lcd = abs(higher.colour_difference), abs(lower.colour_difference)
            if hcd != lcd:
                winner = higher if hcd > lcd else lower
                return (winner.preference is Color.WHITE) == (winner is higher)
        # E.3: alternate from the latest round in which they had different colours.
        previous = _last_difference(higher, lower)
        if previous is not Color.NONE:
            return previous is Color.BLACK
        # E.4: the higher-ranked player's preference.
        return hp is Color.WHITE
    # E.5: pairing-number parity of the higher-ranked player and the initial colour.
    odd = higher.rank % 2 == 1
    return (initial is Color.WHITE) == odd


def colour_failures(
    higher: PlayerFacts, lower: PlayerFacts, initial: Color
) -> tuple[int, int, int, int]:
    """The pair's failures of C.8, C.9, C.10 and C.11 under the allocation of section E.

    C.8/C.9 count topscorers and their opponents (final round only) who would end with
    |CD| > 2 or with three equal colours in a row; C.10 players who miss their preference;
    C.11 players who miss a strong preference.
    """
    higher_white = white_for_higher(higher, lower, initial)
    c8 = c9 = c10 = c11 = 0
    topscorer_pair = higher.topscorer or lower.topscorer
    for player, white in ((higher, higher_white), (lower, not higher_white)):
        colour = Color.WHITE if white else Color.BLACK
        if player.preference is not Color.NONE and player.preference is not colour:
            c10 += 1
            if player.strength is Strength.STRONG:
                c11 += 1
        if topscorer_pair:
            wide, third = colour_breaches(player, colour)
            c8 += wide
            c9 += third
    return c8, c9, c10, c11


def colour_breaches(player: PlayerFacts, colour: Color) -> tuple[bool, bool]:
    """What `colour` would break for `player`: a colour difference beyond ±2, and the same
    colour a third time in a row. C.04.1 f/g forbid both except in a topscorer pair of the
    final round (C.3), where C.8 and C.9 count them."""
    step = 1 if colour is Color.WHITE else -1
    return abs(player.colour_difference + step) > 2, player.repeated_colour is colour

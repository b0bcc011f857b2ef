"""The arbiter-readable reasoning of a round (`DutchConfig.explain`): for every bracket its
players (score, colour preference, floats of the last two rounds, PAB eligibility), M0,
MaxPairs and M1 (B.1), the route taken (A.9), the pairs and downfloaters accepted, the colour
failures they leave (the minimum, B.8) and why the candidates generated before them lost."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.dutch.bracket import BracketPairing, Rejection
from pairing.engine.dutch.colours import colour_failures
from pairing.engine.dutch.criteria import CRITERIA
from pairing.engine.dutch.players import Float, PlayerFacts, Strength
from tournaments.domain.state import Color

_FLOAT = {Float.DOWN: "D", Float.UP: "U", Float.NONE: "-"}


def _points(score: int) -> str:
    return f"{score // 2}.{5 if score % 2 else 0}"


def describe_player(player: PlayerFacts) -> str:
    """`12 (2.5, W, floats D-)`: pairing number, score, colour preference (upper case absolute,
    `s`/`m` strong/mild, `A` none: the seeds' notation), floats of r-1 and r-2."""
    letter = "W" if player.preference is Color.WHITE else "B"
    preference = {
        Strength.ABSOLUTE: letter,
        Strength.STRONG: letter + letter.lower(),
        Strength.MILD: letter.lower(),
        Strength.NONE: "A",
    }[player.strength]
    floats = "".join(_FLOAT[f] for f in player.floats)
    extra = "" if player.bye_eligible else ", no PAB"
    extra += ", topscorer" if player.topscorer else ""
    return f"{player.id} ({_points(player.score)}, {preference}, floats {floats}{extra})"


def describe_bracket(
    number: int,
    mdps: Sequence[PlayerFacts],
    residents: Sequence[PlayerFacts],
    result: BracketPairing,
    route: str,
    initial: Color,
) -> list[str]:
    """The lines explaining one bracket."""
    lines = [
        f"Bracket {number} ({'heterogeneous' if mdps else 'homogeneous'}, {route}):",
        "  MDPs: " + (", ".join(describe_player(p) for p in mdps) or "none"),
        "  residents: " + ", ".join(describe_player(p) for p in residents),
        f"  M0 = {len(mdps)}, MaxPairs = {result.max_pairs}, M1 = {result.paired_mdps}",
    ]
    for higher, lower in result.pairs:
        failures = colour_failures(higher, lower, initial)
        note = "" if failures == (0, 0, 0, 0) else f" (C.8-C.11 failures {failures})"
        lines.append(f"  pair {higher.id} - {lower.id}{note}")
    floaters = ", ".join(str(p.id) for p in result.floaters) or "none"
    lines.append(f"  downfloaters: {floaters}")
    totals = [sum(colour_failures(h, lo, initial)[k] for h, lo in result.pairs) for k in range(4)]
    lines.append(
        "  colour failures (the minimum): "
        f"C.8 {totals[0]}, C.9 {totals[1]}, C.10 {totals[2]}, C.11 {totals[3]}"
    )
    for rejection in result.rejected:
        lines.append("  rejected earlier candidate: " + _describe_rejection(rejection))
    return lines


def _describe_rejection(rejection: Rejection) -> str:
    """One candidate generated before the accepted one and the criterion it lost on."""
    pairs = " ".join(f"{higher.id}-{lower.id}" for higher, lower in rejection.pairs)
    if rejection.criterion < 0:
        return f"{pairs}: C.7, its downfloaters leave a worse next bracket"
    name = CRITERIA[rejection.criterion]
    total, accepted = rejection.total, rejection.accepted
    if total <= 0 and accepted <= 0:
        return f"{pairs}: {name}, {-total} failures against {-accepted}"
    if rejection.criterion == 1:
        return f"{pairs}: {name}, {total} against {accepted}"
    if rejection.criterion in (7, 9):
        return f"{pairs}: {name}, {accepted - total} more such downfloater(s)"
    return f"{pairs}: {name}, worse"

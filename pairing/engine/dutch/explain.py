"""The arbiter-readable reasoning of a round (`DutchConfig.explain`): for every bracket its
players (score, colour preference, floats of the last two rounds, PAB eligibility), M0,
MaxPairs and M1 (B.1), the route taken (A.9), the pairs and downfloaters accepted, the colour
failures they leave (the minimum, B.8) and why the candidates generated before them lost.

Each line is a sentence of `tournaments.domain.messages` (a `Message`: its template, the
catalogue's message id, and its values; a `Phrase` of parts): its text is the English the
command line prints, and the pages translate it by its template, never by parsing the text."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.dutch.bracket import BracketPairing, Rejection
from pairing.engine.dutch.colours import colour_failures
from pairing.engine.dutch.criteria import CRITERIA
from pairing.engine.dutch.players import Float, PlayerFacts, Strength
from tournaments.domain.messages import Message, Phrase, gettext_noop, joined
from tournaments.domain.state import Color

_FLOAT = {Float.DOWN: "D", Float.UP: "U", Float.NONE: "-"}
_FLOATS = Message(gettext_noop("floats"))
_NO_PAB = Message(gettext_noop("no PAB"))
_TOPSCORER = Message(gettext_noop("topscorer"))
_NONE = Message(gettext_noop("none"))


def _points(score: int) -> str:
    return f"{score // 2}.{5 if score % 2 else 0}"


def describe_player(player: PlayerFacts) -> Phrase:
    """`12 (2.5, W, floats D-)`: pairing number, score, colour preference (upper case absolute,
    `s`/`m` strong/mild, `A` none: the seeds' notation), floats of r-1 and r-2; its words
    (`floats`, `no PAB`, `topscorer`) are messages, the notation is not."""
    letter = "W" if player.preference is Color.WHITE else "B"
    preference = {
        Strength.ABSOLUTE: letter,
        Strength.STRONG: letter + letter.lower(),
        Strength.MILD: letter.lower(),
        Strength.NONE: "A",
    }[player.strength]
    floats = "".join(_FLOAT[f] for f in player.floats)
    parts = [f"{player.id} ({_points(player.score)}, {preference}, ", _FLOATS, f" {floats}"]
    if not player.bye_eligible:
        parts += [", ", _NO_PAB]
    if player.topscorer:
        parts += [", ", _TOPSCORER]
    return Phrase(*parts, ")")


def _players(players: Sequence[PlayerFacts]) -> str:
    return joined(describe_player(p) for p in players) if players else _NONE


def _line(template: str, **values: object) -> Phrase:
    """A line inside a bracket: indented by two spaces."""
    return Phrase("  ", Message(template, **values))


def describe_bracket(
    number: int,
    mdps: Sequence[PlayerFacts],
    residents: Sequence[PlayerFacts],
    result: BracketPairing,
    route: str,
    initial: Color,
) -> list[str]:
    """The lines explaining one bracket: messages of the catalogue (`tournaments.domain.
    messages`), whose English is the command line's text; the `M0 = ...` line is notation."""
    lines: list[str] = [
        Message(
            gettext_noop("Bracket %(number)s (%(kind)s, %(route)s):"),
            number=number,
            kind=Message(gettext_noop("heterogeneous") if mdps else gettext_noop("homogeneous")),
            route=Message(route),
        ),
        _line(gettext_noop("MDPs: %(players)s"), players=_players(mdps)),
        _line(gettext_noop("residents: %(players)s"), players=_players(residents)),
        f"  M0 = {len(mdps)}, MaxPairs = {result.max_pairs}, M1 = {result.paired_mdps}",
    ]
    for higher, lower in result.pairs:
        failures = colour_failures(higher, lower, initial)
        if failures == (0, 0, 0, 0):
            lines.append(
                _line(gettext_noop("pair %(higher)s - %(lower)s"), higher=higher.id, lower=lower.id)
            )
        else:
            lines.append(
                _line(
                    gettext_noop("pair %(higher)s - %(lower)s (C.8-C.11 failures %(failures)s)"),
                    higher=higher.id,
                    lower=lower.id,
                    failures=str(failures),
                )
            )
    floaters = joined(str(p.id) for p in result.floaters) if result.floaters else _NONE
    lines.append(_line(gettext_noop("downfloaters: %(players)s"), players=floaters))
    totals = [sum(colour_failures(h, lo, initial)[k] for h, lo in result.pairs) for k in range(4)]
    lines.append(
        _line(
            gettext_noop(
                "colour failures (the minimum): C.8 %(c8)s, C.9 %(c9)s, C.10 %(c10)s, C.11 %(c11)s"
            ),
            c8=totals[0],
            c9=totals[1],
            c10=totals[2],
            c11=totals[3],
        )
    )
    for rejection in result.rejected:
        lines.append(
            _line(
                gettext_noop("rejected earlier candidate: %(candidate)s"),
                candidate=_describe_rejection(rejection),
            )
        )
    return lines


def _describe_rejection(rejection: Rejection) -> Message:
    """One candidate generated before the accepted one and the criterion it lost on."""
    pairs = " ".join(f"{higher.id}-{lower.id}" for higher, lower in rejection.pairs)
    if rejection.criterion < 0:
        return Message(
            gettext_noop("%(pairs)s: C.7, its downfloaters leave a worse next bracket"),
            pairs=pairs,
        )
    name = Message(CRITERIA[rejection.criterion])
    total, accepted = rejection.total, rejection.accepted
    if total <= 0 and accepted <= 0:
        return Message(
            gettext_noop("%(pairs)s: %(criterion)s, %(total)s failures against %(accepted)s"),
            pairs=pairs,
            criterion=name,
            total=-total,
            accepted=-accepted,
        )
    if rejection.criterion == 1:
        return Message(
            gettext_noop("%(pairs)s: %(criterion)s, %(total)s against %(accepted)s"),
            pairs=pairs,
            criterion=name,
            total=total,
            accepted=accepted,
        )
    if rejection.criterion in (7, 9):
        return Message(
            gettext_noop("%(pairs)s: %(criterion)s, %(count)s more such downfloater(s)"),
            pairs=pairs,
            criterion=name,
            count=accepted - total,
        )
    return Message(gettext_noop("%(pairs)s: %(criterion)s, worse"), pairs=pairs, criterion=name)

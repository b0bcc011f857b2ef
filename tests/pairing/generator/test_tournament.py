"""The generated tournament: round by round, written as a TRF the reader and the engine accept.

These tests exercise the generator's own logic with a simple pairing of our own (below), so
that they do not depend on the Dutch engine; tests/pairing/properties runs it with the engine.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from pairing.engine import Board, Edition, NoValidPairing, RoundPairing
from pairing.generator import (
    GeneratorConfig,
    GeneratorConfigError,
    IncompletePairing,
    generate_tournament,
)
from pairing.generator.roster import Entrant
from tournaments.domain.state import (
    NOT_PAIRED_OUTCOMES,
    Color,
    Outcome,
    PlayerId,
    TournamentState,
)
from tournaments.domain.trf import (
    TrfDocument,
    parse_trf,
    recorded_pairing,
    tournament_state_from_trf,
    write_trf,
)

BUSY = GeneratorConfig(
    players=60,
    rounds=7,
    draw_percentage=40,
    forfeit_rate=15,
    zero_bye_rate=12,
    half_bye_rate=8,
    withdrawal_rate=15,
    late_entry_rate=12,
)
MIRROR = {
    Outcome.WIN: {Outcome.LOSS},
    Outcome.LOSS: {Outcome.WIN, Outcome.DRAW, Outcome.LOSS},
    Outcome.DRAW: {Outcome.DRAW, Outcome.LOSS},
    Outcome.FORFEIT_WIN: {Outcome.FORFEIT_LOSS},
    Outcome.FORFEIT_LOSS: {Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS},
}


def pair_in_ranking_order(state: TournamentState) -> RoundPairing:
    """Not the Dutch system: the players to pair, by score then pairing number, paired 1-2,
    3-4, ...; the last of an odd number gets the bye; the first of a pair is White in odd
    rounds."""
    players = sorted(state.to_pair(), key=lambda player: (-player.score(state.scoring), player.id))
    bye = players.pop().id if len(players) % 2 else None
    pairs = zip(players[::2], players[1::2], strict=True)
    if state.next_round % 2:
        boards = tuple(Board(white=a.id, black=b.id) for a, b in pairs)
    else:
        boards = tuple(Board(white=b.id, black=a.id) for a, b in pairs)
    return RoundPairing(boards=boards, bye=bye)


class Recorder:
    """Pairs in ranking order and keeps every state it was asked to pair."""

    def __init__(self) -> None:
        self.states: list[TournamentState] = []

    def __call__(self, state: TournamentState) -> RoundPairing:
        self.states.append(state)
        return pair_in_ranking_order(state)


def _generate(config: GeneratorConfig = BUSY, seed: int = 11) -> TrfDocument:
    return generate_tournament(config, seed, pair=pair_in_ranking_order)


def _outcomes(doc: TrfDocument, round_number: int | None = None) -> Counter[Outcome]:
    return Counter(
        entry.outcome
        for player in doc.players
        for number, entry in enumerate(player.rounds, start=1)
        if round_number in (None, number)
    )


def test_the_same_seed_gives_the_same_tournament() -> None:
    assert write_trf(_generate(seed=5)) == write_trf(_generate(seed=5))


def test_another_seed_gives_another_tournament() -> None:
    assert _generate(seed=5).players != _generate(seed=6).players


def test_the_file_parses_back_to_the_same_tournament_with_xxr_and_xxc() -> None:
    doc = _generate()
    text = write_trf(doc)
    assert "\nXXR 7\n" in text
    assert "\nXXC white1\n" in text or "\nXXC black1\n" in text
    again = parse_trf(text)
    assert again.players == doc.players
    assert (again.total_rounds, again.initial_color) == (7, doc.initial_color)


def test_replaying_the_file_gives_the_states_the_generator_paired() -> None:
    recorder = Recorder()
    doc = parse_trf(write_trf(generate_tournament(BUSY, 3, pair=recorder)))
    assert len(recorder.states) == BUSY.rounds
    for round_number, state in enumerate(recorder.states, start=1):
        assert tournament_state_from_trf(doc, round_number) == state


def test_the_file_records_the_pairing_of_every_round() -> None:
    recorder = Recorder()
    doc = generate_tournament(BUSY, 4, pair=recorder)
    for round_number, state in enumerate(recorder.states, start=1):
        pairing = pair_in_ranking_order(state)
        recorded = recorded_pairing(doc, round_number)
        assert recorded.bye == pairing.bye
        assert {(game.white, game.black) for game in recorded.games} == {
            (board.white, board.black) for board in pairing.boards
        }


def test_pairing_numbers_follow_the_ratings_within_the_configured_range() -> None:
    config = GeneratorConfig(players=40, rounds=3, highest_rating=2100, lowest_rating=1900)
    ratings = [player.rating or 0 for player in _generate(config).players]
    assert ratings == sorted(ratings, reverse=True)
    assert min(ratings) >= 1900 and max(ratings) <= 2100
    assert [player.pairing_number for player in _generate(config).players] == list(range(1, 41))


def test_both_players_of_a_game_record_it_with_opposite_colours_and_results() -> None:
    doc = _generate()
    for player in doc.players:
        for number, entry in enumerate(player.rounds, start=1):
            if entry.opponent is None:
                continue
            theirs = doc.player(entry.opponent).rounds[number - 1]
            assert theirs.opponent == player.pairing_number
            assert theirs.color is entry.color.opposite is not Color.NONE
            assert theirs.outcome in MIRROR[entry.outcome]


def test_it_draws_results_forfeits_byes_and_absences() -> None:
    outcomes = _outcomes(_generate(seed=8))
    for outcome in (
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.FORFEIT_WIN,
        Outcome.HALF_BYE,
        Outcome.ZERO_BYE,
        Outcome.ABSENT,
        Outcome.PAIRING_BYE,
    ):
        assert outcomes[outcome] > 0, outcome


def test_the_pairing_allocated_bye_is_written_as_u_and_scores_a_win() -> None:
    doc = _generate(GeneratorConfig(players=9, rounds=3), seed=1)
    for round_number in (1, 2, 3):
        assert _outcomes(doc, round_number)[Outcome.PAIRING_BYE] == 1
    assert "0000 - U" in write_trf(doc)
    state = tournament_state_from_trf(doc, 4)
    for player in doc.players:
        assert player.points == state.player(player.pairing_number).score(state.scoring)


def test_it_records_the_tie_break_list_and_the_ranks_the_rank_function_gives() -> None:
    seen: list[TrfDocument] = []

    def backwards(doc: TrfDocument) -> dict[PlayerId, int]:
        seen.append(doc)
        return {p.pairing_number: len(doc.players) + 1 - p.pairing_number for p in doc.players}

    config = replace(BUSY, tiebreaks=("BH/C1", "SB", "DE"))
    doc = generate_tournament(config, 11, pair=pair_in_ranking_order, rank=backwards)

    assert [player.rank for player in doc.players] == list(range(BUSY.players, 0, -1))
    assert seen[0].tie_breaks == ("BH/C1", "SB", "DE")
    assert seen[0].standings_tie_breaks == ("PTS", "BH/C1", "SB", "DE")
    assert all(player.rank is None for player in seen[0].players)
    assert "\n202 BH/C1,SB,DE\n212 PTS,BH/C1,SB,DE\n" in write_trf(doc)


def test_without_a_rank_function_the_rank_column_stays_blank() -> None:
    assert all(player.rank is None for player in _generate().players)


def test_it_scores_some_played_games_half_zero_zero_half_and_zero_zero() -> None:
    config = replace(BUSY, half_zero_rate=10, zero_half_rate=10, zero_zero_rate=10)
    doc = _generate(config)
    scores: Counter[tuple[Outcome, Outcome]] = Counter()
    for player in doc.players:
        for number, entry in enumerate(player.rounds, start=1):
            if entry.opponent is not None and entry.color is Color.WHITE:
                scores[entry.outcome, doc.player(entry.opponent).rounds[number - 1].outcome] += 1
    for unusual in ((Outcome.DRAW, Outcome.LOSS), (Outcome.LOSS, Outcome.DRAW)):
        assert scores[unusual] > 0, unusual
    assert scores[Outcome.LOSS, Outcome.LOSS] > 0
    assert not _outcomes(_generate()).keys() - {*MIRROR, *NOT_PAIRED_OUTCOMES, Outcome.PAIRING_BYE}


@pytest.mark.parametrize(
    ("edition", "code"), [(None, "FIDE_DUTCH_BAKU"), (Edition.DUTCH_2025, "FIDE_DUTCH_2025_BAKU")]
)
def test_baku_acceleration_gives_group_a_virtual_points_and_records_them(
    edition: Edition | None, code: str
) -> None:
    recorder = Recorder()
    config = GeneratorConfig(players=20, rounds=5, baku=True, edition=edition)
    doc = generate_tournament(config, 3, pair=recorder)

    # C.04.7 1.2, 1.4: group A is the first 2*ceil(20/4) = 10; 1 point in rounds 1-2, ½ in 3.
    assert [state.player(PlayerId(1)).acceleration for state in recorder.states] == [(2, 2, 1)] * 5
    assert all(not recorder.states[0].player(PlayerId(n)).acceleration for n in range(11, 21))
    assert doc.pairing_system == code
    assert [(a.player, a.points) for a in doc.accelerations] == [
        (n, (2, 2, 1)) for n in range(1, 11)
    ]
    assert "\nXXA    1  1.0  1.0  0.5\n" in write_trf(doc)
    for round_number, state in enumerate(recorder.states, start=1):
        assert tournament_state_from_trf(parse_trf(write_trf(doc)), round_number) == state


def test_it_plays_the_given_players_in_their_order() -> None:
    roster = (
        Entrant("Strong, Ann", 2400, "FRA", "IM", "w"),
        Entrant("Middle, Bob", 2000, "GER"),
        Entrant("Unrated, Cy", None),
    )
    doc = _generate(GeneratorConfig(players=3, rounds=2, roster=roster), seed=2)
    assert [(p.name, p.rating, p.federation, p.title, p.sex) for p in doc.players] == [
        ("Strong, Ann", 2400, "FRA", "IM", "w"),
        ("Middle, Bob", 2000, "GER", "", ""),
        ("Unrated, Cy", None, "", "", ""),
    ]


def test_a_roster_must_match_the_number_of_players() -> None:
    with pytest.raises(GeneratorConfigError, match="lists 1 players"):
        GeneratorConfig(players=2, rounds=1, roster=(Entrant("Alone", 2000),))


def test_no_requested_bye_falls_in_the_last_round() -> None:
    for seed in range(10):
        last = _outcomes(_generate(seed=seed), BUSY.rounds)
        assert last[Outcome.HALF_BYE] == last[Outcome.ZERO_BYE] == 0


def test_late_entries_have_no_game_before_they_enter() -> None:
    doc = _generate(GeneratorConfig(players=50, rounds=5, late_entry_rate=5), seed=2)
    late = [player for player in doc.players if player.rounds[0].opponent is None]
    assert len(late) == 10
    for player in late:
        entry = next(n for n, e in enumerate(player.rounds) if e.opponent is not None)
        assert entry in (1, 2)
        assert {e.outcome for e in player.rounds[:entry]} <= {Outcome.HALF_BYE, Outcome.ZERO_BYE}


def test_it_refuses_a_pairing_that_leaves_a_player_out() -> None:
    def forgetful(state: TournamentState) -> RoundPairing:
        pairing = pair_in_ranking_order(state)
        return RoundPairing(boards=pairing.boards[1:], bye=pairing.bye)

    with pytest.raises(IncompletePairing, match="round 1"):
        generate_tournament(BUSY, 1, pair=forgetful)


def test_a_round_the_pairing_function_cannot_pair_ends_the_generation() -> None:
    def stuck_in_round_3(state: TournamentState) -> RoundPairing:
        if state.next_round == 3:
            raise NoValidPairing("no complete pairing")
        return pair_in_ranking_order(state)

    with pytest.raises(NoValidPairing):
        generate_tournament(BUSY, 1, pair=stuck_in_round_3)

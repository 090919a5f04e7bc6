"""The standings engine: results in, standings rows out, under FIDE C.07 or the club rule of a
Swedish attendance Monrad; hand-built events and properties over random ones."""

import itertools
from collections import Counter
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engines import monrad, results
from pairing.engines.standings import (
    CHESS,
    Bye,
    Game,
    Player,
    RuleSet,
    Scoring,
    club_rules,
    points,
    standings,
)


def game(number, white, black, code=""):
    return Game(number, white, black, results.from_code(code))


def numbered(n):
    return [Player(i, order=i) for i in range(1, n + 1)]


# -- what a result is worth ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "white", "black"),
    [("1-0", 1, 0), ("0-1", 0, 1), ("1/2", D("0.5"), D("0.5")), ("+-", 1, 0), ("--", 0, 0)],
)
def test_chess_scoring_gives_a_game_one_half_or_nothing(code, white, black):
    assert CHESS.game(results.from_code(code)) == (white, black)


@pytest.mark.parametrize(
    ("code", "white", "black"), [("=-0", D("0.5"), 0), ("0-=", 0, D("0.5")), ("0-0", 0, 0)]
)
def test_q180_186_an_unusual_result_scores_as_scored_and_is_a_game_played(code, white, black):
    """½-0, 0-½ and 0-0 give the points the arbiter gave and count as games played over the
    board for the tie-breaks (C.07): Black played a game with Black (BPG), nobody won one."""
    rows = standings(numbered(2), [game(1, 1, 2, code)], [], RuleSet("2026", ("BPG", "WIN")))
    by_player = {r.player_id: r for r in rows}
    assert (by_player[1].points, by_player[2].points) == (white, black)
    assert by_player[1].tiebreaks == (0, 0) and by_player[2].tiebreaks == (1, 0)


def test_a_game_without_its_result_gives_nobody_anything_yet():
    assert CHESS.game(None) == (0, 0)
    assert points([game(1, 1, 2)], [], CHESS) == {}


@pytest.mark.parametrize(("kind", "worth"), [("U", 1), ("F", 1), ("H", D("0.5")), ("Z", 0)])
def test_a_bye_scores_by_its_kind(kind, worth):
    assert CHESS.bye(kind) == worth


def test_the_free_round_of_a_round_robin_is_worth_what_the_scoring_says_and_kinds_are_checked():
    assert Scoring(pab=D(0)).bye("U") == 0
    with pytest.raises(ValueError, match="bye kind"):
        CHESS.bye("X")


def test_the_club_scoring_is_three_two_one_and_nothing_for_a_forfeit_loss():
    club = club_rules().scoring
    assert club.game(results.from_code("1/2")) == (2, 2)
    assert club.game(results.from_code("0-1")) == (1, 3)
    assert club.game(results.from_code("+-")) == (3, 0)
    assert club.bye("U") == 3
    assert club_rules(bye="draw").scoring.bye("U") == 2


def test_a_club_choice_that_is_not_one_is_refused_by_name():
    with pytest.raises(ValueError, match="scoring"):
        club_rules(scoring="2-1-0")
    with pytest.raises(ValueError, match="tie-break"):
        club_rules(tiebreak="lots")


def test_points_add_up_and_stop_at_the_round_asked_for():
    games = [game(1, 1, 2, "1-0"), game(2, 2, 1, "1/2")]
    assert points(games, [Bye(2, 3, "H")], CHESS) == {1: D("1.5"), 2: D("0.5"), 3: D("0.5")}
    assert points(games, [Bye(2, 3, "H")], CHESS, through_round=1) == {1: 1, 2: 0}


# -- FIDE C.07 -----------------------------------------------------------------------------------


def test_the_standings_rank_by_points_then_the_tiebreaks_and_share_only_what_is_equal():
    # a round robin of four: 1 beats 4 and draws 3; 2 beats 3 and loses to 4
    games = [game(1, 1, 4, "1-0"), game(1, 2, 3, "1-0"), game(2, 1, 3, "1/2"), game(2, 4, 2, "1-0")]
    rules = RuleSet("2026", ("SB",), Scoring(pab=D(0)), round_robin=True)
    rows = standings(numbered(4), games, [], rules)
    assert [(r.player_id, r.rank, r.points, r.shared) for r in rows] == [
        (1, 1, D("1.5"), False),
        (4, 2, D(1), False),  # beat 2 (1 point): SB 1
        (2, 3, D(1), False),  # beat 3 (½ point): SB ½
        (3, 4, D("0.5"), False),
    ]
    assert rows[0].tiebreaks == (D("1.25"),)  # beat 4 (1) and drew 3 (½): 1 + ¼
    by_points = standings(numbered(4), games, [], RuleSet("2026", (), round_robin=True))
    assert [(r.player_id, r.rank, r.shared) for r in by_points[1:3]] == [(2, 2, True), (4, 2, True)]


def test_players_sharing_a_rank_are_listed_in_their_own_order_not_by_id():
    players = [Player(1, order=2), Player(2, order=1)]
    assert [r.player_id for r in standings(players, [], [])] == [2, 1]


def test_records_of_anyone_else_are_left_out():
    rows = standings(numbered(2), [game(1, 1, 2, "1-0"), game(1, 3, 4, "1-0")], [Bye(1, 5, "F")])
    assert [(r.player_id, r.points) for r in rows] == [(1, 1), (2, 0)]


def test_the_legend_names_each_tiebreak_in_order():
    assert RuleSet("2026", ("BH-C1", "SB")).legend == (
        ("BH-C1", "Buchholz cut 1"),
        ("SB", "Sonneborn-Berger"),
    )


# -- the club rule (docs/monrad.md, "Standing") -------------------------------------------------


def test_the_club_rule_ranks_by_score_then_fewer_games_played():
    # 2 scored 3 in one game, 1 scored 3 in two (a loss and a draw): 2 ranks above 1.
    games = [game(1, 2, 1, "1-0"), game(1, 4, 3, "1/2"), game(2, 1, 3, "1/2")]
    rows = standings(numbered(4), games, [], club_rules())
    assert [(r.rank, r.player_id, r.points, r.tiebreaks[0]) for r in rows] == [
        (1, 3, 4, 2),
        (2, 2, 3, 1),
        (3, 1, 3, 2),
        (4, 4, 2, 1),
    ]


def test_the_club_rule_then_breaks_ties_by_the_clubs_choice():
    # 2 and 4 won once each; 2 beat 1, who then beat 5, so 2's opponent scored more.
    games = [game(1, 2, 1, "1-0"), game(1, 4, 3, "1-0"), game(2, 1, 5, "1-0")]
    by_sb = standings(numbered(5), games, [], club_rules(tiebreak="sb"))
    assert [(r.rank, r.player_id, r.tiebreaks[1]) for r in by_sb[1:3]] == [(2, 2, 4), (3, 4, 1)]
    by_wins = standings(numbered(5), games, [], club_rules(tiebreak="wins"))
    assert [(r.rank, r.player_id, r.shared) for r in by_wins[1:3]] == [(2, 2, True), (2, 4, True)]


def test_the_club_rule_counts_opponents_over_the_board_only_and_cuts_the_lowest():
    # 1 beat 2 (who then beat 4) and drew 3; 1's forfeit win over 4 and the bye are no opponents
    games = [game(1, 1, 2, "1-0"), game(2, 1, 3, "1/2"), game(2, 2, 4, "1-0"), game(3, 1, 4, "+-")]
    rows = {r.player_id: r for r in standings(numbered(5), games, [Bye(4, 1, "U")], club_rules())}
    # opponents' scores: 2 has 1 + 3 = 4, 3 has 2: minus the lowest, 4
    assert rows[1].tiebreaks == (2, 4)
    wins = standings(numbered(5), games, [Bye(4, 1, "U")], club_rules(tiebreak="wins"))
    assert next(r for r in wins if r.player_id == 1).tiebreaks == (2, 2)  # a forfeit win counts


def test_the_club_rule_lists_a_shared_rank_in_position_order():
    # round 1: 3 and 4 win; round 2: 1 and 2 win. All four: 4 points from two games, and the
    # same opponents' scores. Positions keep the order before the round inside a pile: 3, 4, 1, 2.
    games = [game(1, 3, 1, "1-0"), game(1, 4, 2, "1-0"), game(2, 1, 4, "1-0"), game(2, 2, 3, "1-0")]
    previous = standings(numbered(4), games, [], club_rules())
    assert [(r.player_id, r.rank) for r in previous] == [(3, 1), (4, 1), (1, 1), (2, 1)]
    by_number = standings(numbered(4), games, [], club_rules(piles="number"))
    assert [r.player_id for r in by_number] == [1, 2, 3, 4]


# -- properties ------------------------------------------------------------------------------------

CODES = ["1-0", "0-1", "1/2", "+-", "-+", "--", ""]
BYE_KINDS = ["U", "F", "H", "Z", "="]


@st.composite
def events(draw):
    """Random Swiss-like events: random pairings each round, rematches allowed, every result
    (or none yet) and every kind of bye for those left over."""
    count = draw(st.integers(2, 9))
    games, byes = [], []
    for number in range(1, draw(st.integers(0, 6)) + 1):
        order = draw(st.permutations(range(1, count + 1)))
        playing = draw(st.integers(0, count // 2))
        for board in range(playing):
            white, black = order[2 * board], order[2 * board + 1]
            games.append(game(number, white, black, draw(st.sampled_from(CODES))))
        for player in order[2 * playing :]:
            if draw(st.booleans()):
                byes.append(Bye(number, player, draw(st.sampled_from(BYE_KINDS))))
    ratings = draw(st.lists(st.none() | st.integers(1000, 2800), min_size=count, max_size=count))
    players = [Player(i, ratings[i - 1], order=count - i) for i in range(1, count + 1)]
    return players, games, byes


RULE_SETS = [
    RuleSet("2026", ("BH-C1", "BH", "SB", "DE", "TPR")),
    RuleSet("2023", ("DE", "WIN", "PS", "AOB")),
    club_rules(),
    club_rules(scoring="1-0.5-0", bye="zero", tiebreak="bh-c2", piles="number"),
    club_rules(tiebreak="sb"),
]


@settings(max_examples=150, deadline=None)
@given(events(), st.sampled_from(RULE_SETS))
def test_random_events_give_rows_that_rank_and_share_consistently(event, rules):
    players, games, byes = event
    rows = standings(players, games, byes, rules)

    # Every player has one row, and the ranks are the competition ranks of the order listed.
    assert sorted(r.player_id for r in rows) == sorted(p.id for p in players)
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    for position, row in enumerate(rows, start=1):
        assert row.rank == 1 + sum(other.rank < row.rank for other in rows)
        assert row.rank <= position

    # The points are what the results and byes give under the rule set's scoring.
    scored = sum((sum(rules.scoring.game(g.result)) for g in games), D(0))
    scored += sum((rules.scoring.bye(b.kind) for b in byes), D(0))
    assert sum(r.points for r in rows) == scored

    # Equal rows share a rank, and only they; the flag says so.
    sharing = Counter(r.rank for r in rows)
    for row in rows:
        assert row.shared == (sharing[row.rank] > 1)
    for a in rows:
        for b in rows:
            if (a.points, a.tiebreaks) == (b.points, b.tiebreaks) and "DE" not in rules.tiebreaks:
                assert a.rank == b.rank


@settings(max_examples=100, deadline=None)
@given(
    st.integers(2, 8),
    st.lists(st.lists(st.sampled_from(CODES[:4]), min_size=4, max_size=4), max_size=6),
    st.sampled_from(["previous", "number"]),
    st.sampled_from(["3-2-1", "1-0.5-0"]),
)
def test_the_club_standing_agrees_with_the_monrad_engines_cards(size, evenings, piles, scoring):
    """What the Monrad engine pairs from (its cards' scores, games and positions) is what the
    club rule ranks by: the same points, games played, and shared ranks in position order."""
    options = monrad.Settings(scoring=scoring, tie_order=piles)
    members = [monrad.Player(str(n), n) for n in range(1, size + 1)]
    played, games, byes = [], [], []
    for number, codes in enumerate(evenings, start=1):
        seats = list(range(1, size + 1))[number % 2 :]  # someone stays home every other evening
        pairs = list(zip(seats[::2], seats[1::2], codes, strict=False))
        bye = seats[-1] if len(seats) % 2 else None
        played.append(
            monrad.Evening(
                tuple(monrad.Game(str(w), str(b), r) for w, b, r in pairs),
                str(bye) if bye else None,
            )
        )
        games += [game(number, w, b, r) for w, b, r in pairs]
        byes += [Bye(number, bye, "U")] if bye else []
    cards = {int(c.id): c for c in monrad.season(members, played, options)}
    rows = standings(numbered(size), games, byes, options.rules)
    for row in rows:
        assert row.points == cards[row.player_id].score
        assert row.tiebreaks[0] == cards[row.player_id].games
    for a, b in itertools.pairwise(rows):
        if a.rank == b.rank:
            assert cards[a.player_id].position < cards[b.player_id].position

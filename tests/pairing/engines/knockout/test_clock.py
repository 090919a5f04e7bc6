"""The mat clock (pairing/engines/knockout/clock.py): one test per timing rule of spec A1, and
properties over random command sequences (replay, remaining time, the score log's validity)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engines.knockout.clock import (
    FROZEN,
    OVER,
    RUNNING,
    WAITING,
    Clock,
    ClockError,
    ClockRules,
    Command,
    replay,
)
from pairing.engines.knockout.scores import Score

S = 1000  # ms


def started(edition="2025", seconds=240, golden_limit=None, score=None):
    rules = ClockRules(edition, seconds, golden_limit)
    return Clock.start(rules, score).hajime(0)


# -- regular time -------------------------------------------------------------------------------
def test_regular_time_runs_down_and_stops_at_matte():
    clock = started()
    assert clock.at(60 * S).remaining_ms == 180 * S
    clock = clock.matte(60 * S)
    assert clock.state == WAITING
    assert clock.at(100 * S).remaining_ms == 180 * S  # stopped: dead time
    clock = clock.hajime(100 * S)
    assert clock.at(110 * S).remaining_ms == 170 * S


def test_sono_mama_freezes_both_clocks_and_yoshi_resumes_them():
    clock = started().osaekomi(10 * S, "white").sono_mama(14 * S)
    assert clock.state == FROZEN
    frozen = clock.at(60 * S)
    assert (frozen.remaining_ms, frozen.hold_ms) == (226 * S, 4 * S)
    clock = clock.yoshi(60 * S)
    reading = clock.at(63 * S)
    assert (reading.remaining_ms, reading.hold_ms, reading.reached) == (223 * S, 7 * S, "yuko")


def test_invalid_calls_are_refused_with_a_clear_message():
    clock = Clock.start(ClockRules())
    with pytest.raises(ClockError, match="Osaekomi: the clock is waiting"):
        clock.osaekomi(0, "white")
    with pytest.raises(ClockError, match=r"Yoshi: .* not frozen"):
        clock.hajime(0).yoshi(1)
    with pytest.raises(ClockError, match="Hajime: the clock is running"):
        clock.hajime(0).hajime(1)
    with pytest.raises(ClockError, match="before the last one"):
        clock.hajime(10).matte(5)
    with pytest.raises(ClockError, match="Toketa: no osaekomi"):
        clock.hajime(0).toketa(1)
    with pytest.raises(ClockError, match="already running"):
        clock.hajime(0).osaekomi(1, "blue").osaekomi(2, "white")
    with pytest.raises(ClockError, match="white or blue"):
        clock.hajime(0).osaekomi(1, "red")
    for bad_time in (-1, 1.5, True, "10", 2**53):
        with pytest.raises(ClockError, match="whole number of ms"):
            clock.hajime(bad_time)
    with pytest.raises(ClockError, match="no yuko"):
        started("2022").award(1, "white", "yuko")
    with pytest.raises(ClockError, match="at most 2000 commands"):
        calls = ["hajime"] + ["sono_mama", "yoshi"] * 1000
        replay(ClockRules(), [(n, Command(call)) for n, call in enumerate(calls)])


# -- osaekomi scores ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("edition", "held", "entries"),
    [
        ("2025", 4.9, ()),
        ("2025", 5, ("aY",)),
        ("2025", 9.9, ("aY",)),
        ("2025", 10, ("aW",)),
        ("2025", 19.9, ("aW",)),
        ("2022", 5, ()),
        ("2022", 9.9, ()),
        ("2022", 10, ("aW",)),
        ("2022", 19.9, ("aW",)),
    ],
)
def test_a_hold_gives_its_highest_score_once_at_toketa(edition, held, entries):
    clock = started(edition).osaekomi(S, "white")
    clock = clock.toketa(S + int(held * S))
    assert clock.score.entries == entries
    assert clock.state == RUNNING  # toketa stops the hold clock only


def test_the_board_shows_the_score_reached_while_the_log_waits_for_the_hold_end():
    clock = started("2025").osaekomi(0, "blue")
    assert [clock.at(t * S).reached for t in (4, 5, 10)] == [None, "yuko", "waza-ari"]
    assert clock.at(10 * S).events == ()


@pytest.mark.parametrize("edition", ["2025", "2022"])
def test_ippon_at_20_seconds_stops_the_hold_and_the_contest(edition):
    clock = started(edition).osaekomi(30 * S, "white")
    reading = clock.at(60 * S)
    assert reading.events == ("aI",)
    assert reading.clock.state == OVER
    assert reading.remaining_ms == 190 * S  # the contest clock stopped with the hold, at 50 s
    assert reading.clock.score.outcome().how == "ippon"


def test_matte_ends_the_hold_with_its_score():
    clock = started().osaekomi(0, "blue").matte(12 * S)
    assert clock.score.entries == ("bW",)
    assert clock.state == WAITING


def test_waza_ari_awasete_ippon_at_10_seconds_for_a_holder_with_a_waza_ari():
    clock = started("2022").award(5 * S, "white", "waza-ari").osaekomi(10 * S, "white")
    reading = clock.at(25 * S)
    assert reading.events == ("aW",)
    assert reading.clock.score.outcome().how == "waza-ari awasete ippon"
    assert reading.clock.at(25 * S).remaining_ms == 220 * S  # stopped at 20 s


def test_a_waza_ari_of_the_other_side_does_not_shorten_the_hold():
    clock = started("2022").award(5 * S, "blue", "waza-ari").osaekomi(10 * S, "white")
    assert clock.at(25 * S).clock.state == RUNNING


# -- time up and golden score -------------------------------------------------------------------
def test_time_up_with_one_side_ahead_ends_the_contest():
    clock = started(seconds=60).award(S, "white", "yuko")
    reading = clock.at(70 * S)
    assert reading.events == ("T",)
    assert reading.remaining_ms == 0
    assert reading.clock.state == OVER
    assert reading.clock.score.winner() == "a"


def test_equal_scores_at_time_up_give_golden_score_counting_up():
    clock = started(seconds=60)
    reading = clock.at(61 * S)
    assert reading.events == ("T",)
    clock = reading.clock
    assert (clock.golden, clock.state) == (True, WAITING)
    clock = clock.hajime(90 * S)
    assert clock.at(100 * S).golden_ms == 10 * S
    assert clock.at(1000 * S).clock.state == RUNNING  # IJF: unlimited


def test_golden_score_ends_at_the_first_score_and_the_hold_stops_at_yuko_2025():
    clock = started(seconds=60).at(60 * S).clock.hajime(70 * S).osaekomi(80 * S, "blue")
    reading = clock.at(90 * S)
    assert reading.events == ("bY",)
    assert reading.clock.score.outcome().how == "yuko"
    assert reading.clock.at(90 * S).golden_ms == 15 * S


def test_golden_score_stops_the_hold_at_waza_ari_2018():
    clock = started("2022", seconds=60).at(60 * S).clock.hajime(60 * S).osaekomi(60 * S, "white")
    assert clock.at(70 * S).events == ("aW",)
    assert clock.at(70 * S).clock.score.outcome().golden


def test_time_up_during_osaekomi_lets_the_hold_finish_and_its_score_counts():
    clock = started(seconds=60).osaekomi(55 * S, "white")
    running = clock.at(62 * S)
    assert (running.remaining_ms, running.hold_ms, running.clock.state) == (0, 7 * S, RUNNING)
    assert running.events == ()
    clock = clock.toketa(67 * S)  # 12 s: waza-ari, logged before the time up
    assert clock.score.entries == ("aW", "T")
    assert clock.state == OVER
    assert clock.score.winner() == "a"


def test_time_up_during_osaekomi_the_hold_runs_to_ippon():
    reading = started(seconds=60).osaekomi(55 * S, "blue").at(80 * S)
    assert reading.events == ("bI",)
    assert reading.clock.score.outcome().how == "ippon"


def test_a_hold_too_short_at_time_up_with_level_scores_leads_to_golden_score():
    clock = started(seconds=60).osaekomi(58 * S, "blue").matte(61 * S)
    assert clock.score.entries == ("T",)
    assert (clock.golden, clock.state) == (True, WAITING)


def test_limited_golden_score_ends_in_a_decision():
    clock = started(seconds=60, golden_limit=30).at(60 * S).clock.hajime(60 * S)
    reading = clock.at(100 * S)
    assert reading.golden_ms == 30 * S
    clock = reading.clock
    assert clock.decision_due and clock.state == WAITING
    with pytest.raises(ClockError, match="referees decide"):
        clock.hajime(101 * S)
    clock = clock.award(101 * S, "blue", "hantei")
    assert clock.state == OVER
    assert clock.score.outcome().how == "hantei"


def test_no_golden_score_means_a_decision_at_time_up():
    clock = started(seconds=60, golden_limit=0).at(60 * S).clock
    assert clock.decision_due


def test_a_deciding_award_stops_the_clock_and_the_hold():
    clock = started().osaekomi(S, "white").award(3 * S, "white", "hansoku-make")
    assert clock.state == OVER
    assert clock.score.winner() == "b"
    with pytest.raises(ClockError, match="decided"):
        clock.award(4 * S, "white", "shido")


def test_the_clock_carries_on_a_score_log_and_refuses_another_edition():
    clock = Clock.start(ClockRules("2022"), Score.parse("2022 aW T"))
    assert clock.state == OVER
    with pytest.raises(ClockError, match="different rules editions"):
        Clock.start(ClockRules("2025"), Score("2022"))


def test_rules_are_data_and_bad_rules_are_refused():
    assert ClockRules("2022").hold == ((10, "waza-ari"), (20, "ippon"))
    custom = ClockRules("2022", 120, 60, ((15, "waza-ari"), (25, "ippon")))
    clock = Clock.start(custom).hajime(0).osaekomi(0, "white")
    assert clock.at(14 * S).reached is None
    with pytest.raises(ClockError):
        ClockRules("2022", 0)
    with pytest.raises(ClockError):
        ClockRules("2022", hold=((20, "ippon"), (10, "waza-ari")))
    with pytest.raises(ClockError):
        ClockRules("2022", hold=((10, "waza-ari"),))
    with pytest.raises(ClockError, match="no yuko"):
        ClockRules("2022", hold=((5, "yuko"), (20, "ippon")))


def test_commands_have_a_text_form_for_the_queue():
    for text in ("hajime", "osaekomi white", "award blue waza-ari", "sono_mama"):
        assert Command.parse(text).format() == text
    for bad in ("", "osaekomi", "hajime white", "award blue", "award red shido", "x" * 50):
        with pytest.raises(ClockError):
            Command.parse(bad)


# -- properties ---------------------------------------------------------------------------------
COMMANDS = [
    Command("hajime"),
    Command("matte"),
    Command("sono_mama"),
    Command("yoshi"),
    Command("osaekomi", "white"),
    Command("osaekomi", "blue"),
    Command("toketa"),
    Command("award", "white", "waza-ari"),
    Command("award", "blue", "yuko"),
    Command("award", "white", "shido"),
    Command("award", "blue", "hantei"),
]


def valid_run(rules, steps):
    """The (ms, command) pairs of `steps` the clock accepts, applied one by one, with the clocks
    after each."""
    clock = Clock.start(rules)
    now = 0
    accepted, clocks = [], [clock]
    for gap, choice in steps:
        now += gap
        command = COMMANDS[choice]
        try:
            clock = clock.apply(now, command)
        except ClockError:
            continue
        accepted.append((now, command))
        clocks.append(clock)
    return accepted, clocks


RULES = st.builds(
    ClockRules,
    st.sampled_from(["2025", "2022"]),
    st.integers(30, 240),
    st.one_of(st.none(), st.integers(0, 60)),
)
#: The referee's calls drawn four times as often as the table's scores, so that sequences reach
#: time up, holds across the bell and golden score rather than ending on an early ippon.
CHOICES = [n for n, c in enumerate(COMMANDS) for _ in range(1 if c.call == "award" else 4)]
STEPS = st.lists(st.tuples(st.integers(0, 60 * S), st.sampled_from(CHOICES)), max_size=40)


@settings(max_examples=150, deadline=None)
@given(RULES, STEPS)
def test_replaying_the_queue_equals_applying_it_step_by_step(rules, steps):
    accepted, clocks = valid_run(rules, steps)
    assert replay(rules, accepted) == clocks[-1]
    texts = [(now, command.format()) for now, command in accepted]
    assert replay(rules, [(now, Command.parse(text)) for now, text in texts]) == clocks[-1]


@settings(max_examples=150, deadline=None)
@given(RULES, STEPS, st.lists(st.integers(0, 20 * S), min_size=1, max_size=10))
def test_remaining_time_never_negative_and_never_increases_while_running(rules, steps, gaps):
    _, clocks = valid_run(rules, steps)
    clock = clocks[-1]
    now = clock.mark
    last = clock.at(now)
    for gap in gaps:
        now += gap
        reading = clock.at(now)
        assert 0 <= reading.remaining_ms <= rules.contest_seconds * S
        assert 0 <= reading.hold_ms <= rules.hold[-1][0] * S
        if reading.clock.golden == last.clock.golden:
            assert reading.remaining_ms <= last.remaining_ms
            assert reading.golden_ms >= last.golden_ms
        if clock.state != RUNNING:
            assert (reading.remaining_ms, reading.hold_ms) == (last.remaining_ms, last.hold_ms)
        last = reading


@settings(max_examples=150, deadline=None)
@given(RULES, STEPS, st.integers(0, 100 * S))
def test_the_clock_score_log_is_always_one_scores_accepts(rules, steps, later):
    _, clocks = valid_run(rules, steps)
    for clock in clocks:
        reading = clock.at(clock.mark + later)
        for entries in (clock.score.entries, reading.clock.score.entries):
            assert Score.parse(Score(rules.edition, entries).format()).entries == entries
        assert (reading.clock.state == OVER) == reading.clock.score.decided()
        # a stopped hold never leaves a decided contest unlogged
        if reading.clock.state == OVER:
            assert reading.clock.holder is None


def test_the_bell_stops_the_clock_by_itself():
    clock = started(seconds=60).award(S, "blue", "waza-ari").at(60 * S).clock
    assert clock.state == OVER
    with pytest.raises(ClockError, match="Matte: the clock is over"):
        clock.matte(61 * S)


@settings(max_examples=150, deadline=None)
@given(RULES, STEPS, st.data())
def test_reading_the_board_between_commands_changes_nothing(rules, steps, data):
    """The page reads the board (`at`) whenever it likes: a clock brought up to any moment before
    the next command, then given that command, is the clock given it directly."""
    accepted, clocks = valid_run(rules, steps)
    for (now, command), clock in zip(accepted, clocks, strict=False):
        moment = data.draw(st.integers(clock.mark, now))
        assert clock.at(moment).clock.apply(now, command) == clock.apply(now, command)


def test_sono_mama_after_the_bell_keeps_the_hold_and_its_score():
    clock = started(seconds=60).osaekomi(58 * S, "white").sono_mama(62 * S)
    clock = clock.yoshi(90 * S).toketa(92 * S)  # 6 s held: yuko, then time up
    assert clock.score.entries == ("aY", "T")
    assert clock.score.winner() == "a"


def test_a_hold_past_golden_score_limit_is_finished_before_the_decision():
    clock = started(seconds=60, golden_limit=10).at(60 * S).clock.hajime(60 * S)
    clock = clock.osaekomi(68 * S, "blue")
    reading = clock.at(72 * S)
    assert (reading.golden_ms, reading.hold_ms, reading.clock.decision_due) == (
        10 * S,
        4 * S,
        False,
    )
    assert clock.toketa(72 * S).decision_due
    assert clock.at(73 * S).events == ("bY",)


def test_the_hold_second_at_which_each_side_stops_follows_the_log():
    clock = started()
    assert (clock.hold_stop_seconds("white"), clock.hold_stop_seconds("blue")) == (20, 20)
    clock = clock.award(1 * S, "white", "waza-ari")
    assert (clock.hold_stop_seconds("white"), clock.hold_stop_seconds("blue")) == (10, 20)
    assert started(score=Score("2025").time_up()).hold_stop_seconds("blue") == 5
    assert started("2022", score=Score("2022").time_up()).hold_stop_seconds("blue") == 10
    with pytest.raises(ClockError):
        clock.hold_stop_seconds("red")


def test_a_score_entered_by_hand_is_taken_by_the_clock():
    clock = started().osaekomi(1 * S, "white")
    # a waza-ari by hand during the hold: it now stops at 10 s (awasete ippon)
    clock = clock.rescore(Score("2025").add("a", "waza-ari"))
    assert clock.holder == "white" and clock.state == "running"
    reading = clock.at(20 * S)
    assert reading.events == ("aW",) and reading.clock.state == "over"
    # a decided log stops it; taking the deciding entry back waits for hajime
    over = clock.rescore(Score("2025").add("b", "ippon"))
    assert over.state == "over" and over.holder is None
    back = over.rescore(Score("2025"))
    assert back.state == "waiting"
    # time up by hand: golden score, stopped at 0
    golden = started().matte(30 * S).rescore(Score("2025").time_up())
    assert golden.golden and golden.elapsed_ms == 0 and golden.state == "waiting"
    with pytest.raises(ClockError, match="different rules"):
        clock.rescore(Score("2022"))

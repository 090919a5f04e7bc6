"""`python -m pairing varma FILE.json --seed N`, checked from the outside."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pairing.commands.varma import plan
from pairing.engines.varma import VarmaError

NORDIC_TEN = Path(__file__).parents[2] / "data" / "varma" / "nordic-ten.json"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pairing", "varma", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def nordic_ten() -> dict:
    return json.loads(NORDIC_TEN.read_text(encoding="utf-8"))


def test_the_nordic_ten_get_computed_envelopes_and_no_late_compatriot_games():
    result = plan(nordic_ten(), seed=11)
    assert result["method"] == "computed"  # NOR and SWE have four players: no envelope holds four
    assert sorted(row["number"] for row in result["starting_numbers"]) == list(range(1, 11))
    assert [(step["player"], step["envelope"]) for step in result["drawing"][:5]] == [
        ("Carlsen, Magnus", "NOR"),  # NOR and SWE both have four: NOR first by code, then name
        ("Christiansen, Johan-Sebastian", "NOR"),
        ("Hammer, Jon Ludvig", "NOR"),
        ("Tari, Aryan", "NOR"),
        ("Grandelius, Nils", "SWE"),
    ]
    assert result["meetings_in_last_three_rounds"] == 0
    assert len(result["schedule"]) == 9


def test_a_field_that_fits_draws_from_the_varma_envelopes():
    feds = ["NOR"] * 3 + ["SWE"] * 3 + ["DEN"] * 2 + ["FIN", "ISL"]
    data = {"players": [{"name": f"P{i}", "federation": fed} for i, fed in enumerate(feds)]}
    result = plan(data, seed=4)
    assert result["method"] == "varma"
    assert {step["envelope"] for step in result["drawing"]} <= set("ABCD")
    assert result["meetings_in_last_three_rounds"] == 0


def test_the_same_seed_gives_the_same_plan():
    assert plan(nordic_ten(), seed=5) == plan(nordic_ten(), seed=5)


def test_a_field_outside_the_tables_is_computed_and_says_so():
    feds = ["NOR", "NOR", "SWE", "SWE", "DEN", "DEN"]
    data = {"players": [{"name": f"P{i}", "federation": fed} for i, fed in enumerate(feds)]}
    result = plan(data, seed=1)
    assert result["method"] == "computed"
    assert result["meetings_in_last_three_rounds"] == 0


def test_unavoidable_late_meetings_are_reported():
    # Three compatriots play three games among themselves, which need three different rounds:
    # with six players (five rounds) each trio meets at least once in the last three.
    feds = ["NOR", "NOR", "NOR", "SWE", "SWE", "SWE"]
    data = {"players": [{"name": f"P{i}", "federation": fed} for i, fed in enumerate(feds)]}
    result = plan(data, seed=1)
    assert result["meetings_in_last_three_rounds"] == 2
    late = [m for m in result["same_group_meetings"] if m["round"] >= 3]
    assert sorted(m["group"] for m in late) == ["NOR", "SWE"]


def test_clubs_can_replace_federations():
    players = [{"name": f"P{i}", "club": "Oslo SK" if i % 2 else "Bergens SK"} for i in range(12)]
    result = plan({"players": players, "group_by": "club"}, seed=3)
    assert {row["group"] for row in result["starting_numbers"]} == {"Oslo SK", "Bergens SK"}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": [{"name": "A"}, {"name": "B"}]}, "at least 3 players"),
        ({"players": [{"name": "A"}, {"name": "A"}, {"name": "B"}]}, "in the list twice"),
        ({"players": [{"name": "A", "federation": "NORWAY"}] * 3}, "not a three-letter code"),
        ({"players": [{"name": ""}] * 3}, "has no name"),
        ({"people": []}, '"players" list'),
        ({"players": [{"name": "A"}] * 3, "group_by": "city"}, '"group_by"'),
    ],
)
def test_bad_input_is_a_clear_message(data, message):
    with pytest.raises(VarmaError, match=message):
        plan(data, seed=1)


def test_the_command_line_prints_json_and_the_seed(tmp_path):
    completed = run_cli(str(NORDIC_TEN), "--seed", "42")
    assert completed.returncode == 0, completed.stderr
    output = json.loads(completed.stdout)
    assert output["seed"] == 42
    assert output == plan(nordic_ten(), seed=42)


def test_the_command_line_refuses_bad_json_without_a_traceback(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    completed = run_cli(str(broken))
    assert completed.returncode == 2
    assert completed.stderr.startswith("varma: ")
    assert "Traceback" not in completed.stderr


def field(players: int) -> dict:
    feds = ["NOR", "SWE", "DEN", "FIN", "ISL", "GER", "FRA", "ESP"]
    return {"players": [{"name": f"P{i}", "federation": feds[i % 8]} for i in range(players)]}


def test_the_largest_round_robin_is_drawn_in_under_a_second():
    started = time.process_time()  # the CPU this process spent: other work on the machine aside
    result = plan(field(100), seed=1)
    assert time.process_time() - started < 1
    assert result["method"] == "computed"
    assert sorted(row["number"] for row in result["starting_numbers"]) == list(range(1, 101))


def test_a_field_past_a_round_robin_s_size_is_refused_at_once(tmp_path):
    path = tmp_path / "two-hundred.json"
    path.write_text(json.dumps(field(200)), encoding="utf-8")
    started = time.monotonic()
    completed = run_cli(str(path), "--seed", "1")
    assert time.monotonic() - started < 10  # the interpreter's start; refused before any search
    assert completed.returncode == 2
    assert "200 players would play 199 rounds" in completed.stderr
    assert "at most 100 players" in completed.stderr

"""`python -m pairing knockout FILE.json --seed N`, checked from the outside."""

import json
import subprocess
import sys

import pytest

from pairing.commands.knockout import plan
from pairing.engines.knockout import KnockoutError

FIELD = {
    "competitors": [
        {"name": "Abe, Uta", "club": "Tenri", "country": "JPN", "seed": 1},
        {"name": "Buchard, Amandine", "club": "PSG", "country": "FRA", "seed": 2},
        {"name": "Giles, Chelsie", "club": "Camberley", "country": "GBR"},
        {"name": "Cysique, Sarah Leonie", "club": "PSG", "country": "FRA"},
        {"name": "Pupp, Reka", "club": "Budapest", "country": "HUN"},
        {"name": "Abe, Hifumi", "club": "Tenri", "country": "JPN"},
        {"name": "Lkhagvatogoo, Enkhriilen", "club": "Khaan", "country": "MGL"},
        {"name": "Primo, Timna", "club": "Hapoel", "country": "ISR"},
        {"name": "Klimkait, Jessica", "club": "Judo Canada", "country": "CAN"},
    ],
    "separate_by": "club",
    "system": "ijf_repechage",
}


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "pairing", "knockout", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_plan_has_slots_log_with_badness_and_matches():
    result = plan(FIELD, seed=7)
    assert result["size"] == 16 and result["seed"] == 7 and result["system"] == "ijf_repechage"
    placed = [s for s in result["slots"] if s["competitor"]]
    assert len(placed) == 9 and len(result["slots"]) == 16
    assert len(result["drawing"]) == 9
    for step in result["drawing"]:
        assert str(step["slot"]) in step["badness"]
    assert len(result["matches"]) == 19
    assert result["matches"][-1]["stage"] == "final"
    slot_of = {s["competitor"]["name"]: s["slot"] for s in placed}
    assert (slot_of["Abe, Uta"] - 1) // 8 != (slot_of["Buchard, Amandine"] - 1) // 8
    assert (slot_of["Abe, Uta"] - 1) // 8 != (slot_of["Abe, Hifumi"] - 1) // 8  # clubs apart


def test_the_same_seed_gives_the_same_plan_and_the_cli_prints_it(tmp_path):
    path = tmp_path / "field.json"
    path.write_text(json.dumps(FIELD), encoding="utf-8")
    done = run_cli(str(path), "--seed", "7")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == plan(FIELD, seed=7)
    fresh = json.loads(run_cli(str(path)).stdout)
    assert isinstance(fresh["seed"], int)


def test_the_system_defaults_to_the_choice_by_size():
    small = {"competitors": FIELD["competitors"][:4]}
    result = plan(small, seed=1)
    assert result["system"] == "pool" and len(result["matches"]) == 6
    assert plan({"competitors": FIELD["competitors"]}, seed=1)["system"] == "ijf_repechage"


def test_fixed_seeds_sit_on_their_printed_numbers():
    result = plan({**FIELD, "fixed_seeds": "ijf"}, seed=3)
    slot_of = {s["competitor"]["name"]: s["slot"] for s in result["slots"] if s["competitor"]}
    assert slot_of["Abe, Uta"] == 1 and slot_of["Buchard, Amandine"] == 9


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "competitors"),
        ({"competitors": [{"name": "A"}]}, "at least two"),
        ({"competitors": [{"name": "A"}, {"club": "X"}]}, "no name"),
        ({"competitors": [{"name": "A", "seed": 1}, {"name": "B", "seed": 1}]}, "same seed"),
        ({"competitors": [{"name": "A", "seed": "x"}, {"name": "B"}]}, "seed"),
        ({"competitors": [{"name": "A", "seed": 0}, {"name": "B"}]}, "1-8, not 0"),
        ({"competitors": [{"name": "A", "seed": 9}, {"name": "B"}]}, "1-8, not 9"),
        ({"competitors": [{"name": "A"}, {"name": "B"}], "system": "swiss"}, "Unknown system"),
        ({"competitors": [{"name": "A"}, {"name": "B"}], "separate_by": "town"}, "separate_by"),
    ],
)
def test_bad_input_is_refused(data, message):
    with pytest.raises(KnockoutError, match=message):
        plan(data, seed=1)


def test_bad_input_exits_2_with_a_message(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    done = run_cli(str(path), "--seed", "1")
    assert done.returncode == 2 and done.stderr.startswith("knockout:")
    path.write_text(json.dumps({"competitors": [{"name": "A"}]}), encoding="utf-8")
    done = run_cli(str(path))
    assert done.returncode == 2 and "at least two" in done.stderr
    path.write_text(
        json.dumps({"competitors": [{"name": "A", "seed": 0}, {"name": "B"}]}), encoding="utf-8"
    )
    done = run_cli(str(path), "--seed", "1")
    assert done.returncode == 2 and "the seed must be a number 1-8, not 0" in done.stderr
    assert run_cli(str(tmp_path / "missing.json")).returncode == 2

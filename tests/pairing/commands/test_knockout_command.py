"""`python -m pairing knockout FILE.json --seed N`, checked from the outside."""

import json
import subprocess
import sys

import pytest

from pairing.commands.knockout import plan, read_competitors
from pairing.engines.knockout import KnockoutError, draw

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


def _slots(result):
    return [s["competitor"]["id"] if s["competitor"] else None for s in result["slots"]]


def test_byes_to_seeds_gives_the_best_seeds_a_bye_in_the_first_round():
    result = plan({**FIELD, "byes_to_seeds": True}, seed=7)
    assert result["byes_to_seeds"] is True and result["seeding"] == "judoshiai"
    slots = _slots(result)
    for seeded in ("1", "2"):  # Abe, Uta and Buchard: ids are their places in the list
        at = slots.index(seeded)
        assert slots[at ^ 1] is None  # the other side of their first bout is a bye


@pytest.mark.parametrize("options", [{"seeding": "lot"}, {"byes_to_seeds": True}])
def test_the_draw_options_are_the_engines(options):
    field = {
        **FIELD,
        "competitors": [{**c, "seed": n} for n, c in enumerate(FIELD["competitors"][:4], 1)]
        + FIELD["competitors"][4:],
    }
    competitors = read_competitors(field)
    drawn = draw(competitors, seed=11, separate_by="club", minimum_size=2, **options)
    assert _slots(plan({**field, **options}, seed=11)) == list(drawn.slots)


def test_the_options_on_the_command_line_override_the_file(tmp_path):
    path = tmp_path / "field.json"
    path.write_text(json.dumps({**FIELD, "seeding": "judoshiai"}), encoding="utf-8")
    done = run_cli(str(path), "--seed", "7", "--seeding", "lot", "--byes-to-seeds")
    assert done.returncode == 0, done.stderr
    wanted = plan({**FIELD, "seeding": "lot", "byes_to_seeds": True}, seed=7)
    assert json.loads(done.stdout) == wanted
    assert run_cli(str(path), "--seeding", "random").returncode == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [({"seeding": "random"}, '"seeding" must be one of'), ({"byes_to_seeds": "yes"}, "true or")],
)
def test_bad_draw_options_are_refused(options, message):
    with pytest.raises(KnockoutError, match=message):
        plan({**FIELD, **options}, seed=1)

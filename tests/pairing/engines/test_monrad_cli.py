"""``python -m pairing monrad FILE.json``: tonight's present players and their history in,
pairings out; bad input is a message, never a traceback."""

import json

from pairing.__main__ import main


def write(tmp_path, data):
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_the_cli_pairs_the_present_players_and_leaves_the_absent_out(tmp_path, capsys):
    data = {
        "players": [
            {"id": "a", "number": 1, "name": "Anna"},
            {"id": "b", "number": 2, "name": "Bo"},
            {"id": "c", "number": 3, "name": "Cia"},
            {"id": "d", "number": 4, "name": "Dan", "present": False},
        ],
        "rounds": [
            {
                "games": [
                    {"white": "b", "black": "a", "result": "1-0"},
                    {"white": "d", "black": "c", "result": "1/2"},
                ]
            }
        ],
    }
    assert main(["monrad", write(tmp_path, data)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["round"] == 2 and out["present"] == 3 and out["repeat_free"] is True
    assert [(c["position"], c["id"], c["score"]) for c in out["cards"]] == [
        (1, "b", 3),
        (2, "c", 2),
        (3, "a", 1),
    ]
    assert [(b["white"], b["black"]) for b in out["boards"]] == [("c", "b")]
    assert out["bye"] == "a"


def test_the_cli_takes_the_settings(tmp_path, capsys):
    data = {
        "settings": {"scoring": "1-0.5-0", "bye": "draw", "order": "number"},
        "players": [{"id": str(n), "number": n} for n in range(1, 4)],
        "rounds": [{"games": [{"white": "2", "black": "1", "result": "1/2"}], "bye": "3"}],
    }
    assert main(["monrad", write(tmp_path, data)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(c["id"], c["score"]) for c in out["cards"]] == [("1", 0.5), ("2", 0.5), ("3", 0.5)]


def test_the_cli_marks_a_pairing_with_repeats(tmp_path, capsys):
    data = {
        "players": [{"id": "x", "number": 1}, {"id": "y", "number": 2}],
        "rounds": [{"games": [{"white": "y", "black": "x", "result": "1-0"}]}],
    }
    assert main(["monrad", write(tmp_path, data)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["repeat_free"] is False and out["boards"][0]["repeat"] is True
    assert "No pairing without a repeat" in out["notes"][0]


def test_bad_input_is_a_message_and_status_2(tmp_path, capsys):
    data = {"players": [{"id": "a"}], "rounds": [{"games": [{"white": "a", "black": "z"}]}]}
    assert main(["monrad", write(tmp_path, data)]) == 2
    assert "unknown player 'z'" in capsys.readouterr().err
    assert main(["monrad", str(tmp_path / "missing.json")]) == 2

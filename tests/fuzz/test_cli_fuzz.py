"""Bad input to the engines' command lines (``python -m pairing varma|knockout|monrad|dutch``):
the answer is JSON (or the pairing) with status 0, or a message on stderr with a documented
status, never a traceback."""

import copy
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.__main__ import main
from tests.fuzz.mutations import NASTY, mutated, random_text, read_texts
from tests.fuzz.tally import tried

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "tests" / "pairing" / "vectors" / "dutch" / "rounds"
TRF_FILES = read_texts(sorted(VECTORS.glob("*_n00[0-9]_*/r*.trf")))

NORDIC = json.loads((ROOT / "tests" / "data" / "varma" / "nordic-ten.json").read_text())
KNOCKOUT = {
    "competitors": [
        {"name": "Abe, Uta", "club": "Tenri", "country": "JPN", "seed": 1},
        {"name": "Giles, Chelsie", "club": "Camberley", "country": "GBR", "id": "g"},
        {"name": "Klimkait, Jessica", "club": "Kitchener", "country": "CAN", "seed": 2},
        {"name": "Cysique, Sarah", "club": "Flam 91", "country": "FRA"},
        {"name": "Rossi, Anna", "club": "Tenri", "country": "ITA"},
        {"name": "Lima, Rafaela", "club": "Flam 91", "country": "BRA"},
    ],
    "separate_by": "club",
    "system": "ijf_repechage",
}
MONRAD = {
    "settings": {"scoring": "3-2-1", "bye": "win", "order": "previous", "tiebreak": "bh-c1"},
    "players": [
        {"id": "a", "number": 1, "name": "Anna"},
        {"id": "b", "number": 2, "name": "Bo"},
        {"id": "c", "number": 3, "name": "Cia"},
        {"id": "d", "number": 4, "name": "Dan", "present": False},
        {"id": "e", "number": 5, "name": "Eva"},
    ],
    "rounds": [
        {
            "games": [
                {"white": "b", "black": "a", "result": "1-0"},
                {"white": "d", "black": "c", "result": "1/2"},
            ],
            "bye": "e",
        }
    ],
}
DOCUMENTS = {"varma": NORDIC, "knockout": KNOCKOUT, "monrad": MONRAD}
#: Exit statuses each command documents for bad input (dutch's 2 is "unexpected failure").
BAD_INPUT_STATUS = {
    "varma": {2},
    "knockout": {2},
    "monrad": {2},
    "dutch": {1, 3, 5},
    "berger": {3, 5},
}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(NASTY),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children)
    ),
    max_leaves=20,
)


def _paths(value, prefix=()):
    """Every place in a JSON document: (path to the container, key or index)."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield prefix, key
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield prefix, index
            yield from _paths(child, (*prefix, index))


@st.composite
def mutated_document(draw, document):
    """The document with values replaced, removed, emptied or made huge."""
    doc = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 4))):
        places = list(_paths(doc))
        if not places:
            break
        path, key = draw(st.sampled_from(places))
        container = doc
        for step in path:
            container = container[step]
        op = draw(st.integers(0, 5))
        if op == 0:
            container[key] = draw(json_values)
        elif op == 1:
            del container[key]
        elif op == 2:
            container[key] = None
        elif op == 3 and isinstance(container[key], list) and container[key]:
            container[key] = container[key] * draw(st.integers(2, 60))  # a huge list
        elif op == 4 and isinstance(container, dict):
            container[draw(st.text(max_size=8))] = draw(json_values)
        else:
            container[key] = [container[key]]  # nested one level deeper
    return doc


def json_input(command: str):
    """The file's bytes: a damaged document, random JSON, or damaged text."""
    document = DOCUMENTS[command]
    as_bytes = st.one_of(
        mutated_document(document).map(lambda d: json.dumps(d).encode()),
        json_values.map(lambda d: json.dumps(d).encode()),
        mutated([json.dumps(document, indent=1)]).map(lambda t: t.encode("utf-8", "replace")),
        random_text().map(lambda t: t.encode("utf-8", "replace")),
        st.binary(max_size=200),
        st.just(b"[" * 100_000),  # deeper than the JSON reader's recursion limit
        st.just(json.dumps(document).encode("utf-16")),
    )
    return as_bytes


def run_in_process(capsys, command: str, raw: bytes, *extra: str) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "input"
        path.write_bytes(raw)
        status = main([command, str(path), *extra])
    out, err = capsys.readouterr()
    check_answer(command, status, out, err, pairs="-p" in extra)


def check_answer(command: str, status: int, out: str, err: str, pairs: bool = False) -> None:
    assert "Traceback" not in err
    if status == 0:
        if pairs:
            count, *boards = out.split("\n")
            assert int(count) == len([b for b in boards if b.strip()])
        elif command in ("dutch", "berger"):  # -c: a line per round, differences indented
            assert all(line.startswith(("round ", "  ")) for line in out.splitlines())
        else:
            json.loads(out)
        return
    assert status in BAD_INPUT_STATUS[command], (status, err)
    assert err.strip(), "a refusal needs a message on stderr"
    assert "unexpected failure" not in err, err


@pytest.mark.parametrize("command", ["varma", "knockout", "monrad"])
@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_damaged_json_file_gives_json_or_a_message_with_status_2(capsys, command, data):
    tried(f"engine command line: {command} (JSON)")
    seed = [] if command == "monrad" else ["--seed", "7"]
    run_in_process(capsys, command, data.draw(json_input(command)), *seed)


@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=mutated(TRF_FILES), check=st.booleans())
def test_a_damaged_trf_given_to_the_dutch_command_pairs_or_gives_a_documented_status(
    capsys, text, check
):
    tried("engine command line: dutch (TRF)")
    run_in_process(capsys, "dutch", text.encode("utf-8", "replace"), "-c" if check else "-p")


@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=mutated(TRF_FILES))
def test_a_damaged_trf_given_to_the_berger_check_checks_or_gives_a_documented_status(capsys, text):
    tried("engine command line: berger (TRF)")
    run_in_process(capsys, "berger", text.encode("utf-8", "replace"), "-c")


SUBPROCESS_CASES = [
    ("varma", b'{"players": [{"name": "A"}, {"name": "B"}]}'),
    ("varma", b"\xff\xfe not utf-8"),
    ("knockout", b'{"competitors": [{"name": "A"}, {"name": "B", "seed": "x"}]}'),
    ("knockout", b'{"competitors": "none"}'),
    ("monrad", b'{"players": [{"id": "a", "number": 1e400}]}'),
    ("monrad", b"[" * 100_000),
    ("dutch", b"001    1      Somebody\n"),
    ("dutch", b"XXR 99999\n001 \xc2\xb2"),
]


@pytest.mark.parametrize(("command", "raw"), SUBPROCESS_CASES)
def test_the_real_command_line_answers_bad_input_without_a_traceback(tmp_path, command, raw):
    tried("engine command line: real subprocess")
    path = tmp_path / "input"
    path.write_bytes(raw)
    mode = ["-p"] if command == "dutch" else []
    done = subprocess.run(
        [sys.executable, "-m", "pairing", command, str(path), *mode],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    check_answer(command, done.returncode, done.stdout, done.stderr, pairs=command == "dutch")

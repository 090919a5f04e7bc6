"""``python -m pairing … | head``: a reader that closes stdout early ends every subcommand
quietly (status 141, no message, no traceback), not as an unexpected failure (exit 2)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pairing.__main__ import EXIT_CLOSED_OUTPUT
from pairing.engines.generator import GeneratorConfig, generate_text

from .helpers import trf

ROOT = Path(__file__).resolve().parents[3]


def run_with_closed_stdout(*args: str) -> tuple[int, str]:
    """Run the command with its stdout pipe closed before it writes (as ``| head`` does)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "pairing", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    return proc.wait(timeout=60), stderr


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    path = tmp_path_factory.mktemp("closed") / "t.trf"
    path.write_text(generate_text(GeneratorConfig(players=12, rounds=5, seed=4)))
    return str(path)


@pytest.mark.parametrize("args", [("dutch", "-c"), ("check",), ("check", "--json")])
def test_a_closed_stdout_ends_the_trf_commands_quietly(generated, args):
    status, stderr = run_with_closed_stdout(args[0], generated, *args[1:])
    assert (status, stderr) == (EXIT_CLOSED_OUTPUT, "")


def test_a_closed_stdout_ends_a_pairing_quietly(tmp_path):
    path = tmp_path / "round1.trf"
    path.write_text(trf(5, [("0.0", [])] * 4, ("XXC white1",)))
    assert run_with_closed_stdout("dutch", str(path), "-p") == (EXIT_CLOSED_OUTPUT, "")


def test_a_closed_stdout_ends_the_json_commands_quietly(tmp_path):
    players = [{"name": f"P{n}", "federation": "NOR" if n % 2 else "SWE"} for n in range(6)]
    path = tmp_path / "varma.json"
    path.write_text(json.dumps({"players": players}))
    assert run_with_closed_stdout("varma", str(path)) == (EXIT_CLOSED_OUTPUT, "")

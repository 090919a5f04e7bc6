"""The `python -m pairing` subcommands; each module offers `add_arguments` and `run`."""

import json
import random
import sys
from collections.abc import Callable
from typing import Any


class InputFileError(ValueError):
    """The input file is not UTF-8 JSON the command can read; the message says why."""


def load_json(path: str) -> Any:
    """The JSON document in ``path``. Raises OSError when the file cannot be opened, and
    :class:`InputFileError` when it is not UTF-8, not JSON or nested too deeply to read."""
    with open(path, "rb") as handle:
        raw = handle.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputFileError(f"{path} is not UTF-8 text (byte {error.start})") from error
    try:
        return json.loads(text)
    except ValueError as error:  # JSONDecodeError, or a number of over 4300 digits
        raise InputFileError(f"{path} is not JSON: {error}") from error
    except RecursionError as error:
        raise InputFileError(f"{path}: the JSON is nested too deeply") from error


def print_plan(
    name: str, path: str, plan: Callable[[Any], Any], refusals: tuple[type[Exception], ...]
) -> int:
    """Read the JSON in ``path`` and print what ``plan`` makes of it, as JSON; status 0. An
    unreadable file or an input ``plan`` refuses is a message on stderr and status 2."""
    try:
        made = plan(load_json(path))
    except (OSError, InputFileError, *refusals) as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(made, indent=2, ensure_ascii=False))  # a closed stdout: pairing/__main__.py
    return 0


def fresh_seed(given: int | None) -> int:
    """The random seed asked for, or a fresh one (printed in the output, so it can be replayed)."""
    return given if given is not None else random.SystemRandom().randrange(2**63)

"""The `python -m pairing` subcommands; each module offers `add_arguments` and `run`."""

import json
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

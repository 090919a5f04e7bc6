"""What the benchmarks share: their command line, Django set up for a script, a step measured."""

from __future__ import annotations

import argparse
import time
import warnings
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def options(doc: str | None, **defaults: float | str) -> argparse.Namespace:
    """The command line: ``--name VALUE`` for each default, read as the default's type (so
    ``seconds=60.0`` takes ``--seconds 1.5``); ``--help`` shows the first line of `doc`."""
    parser = argparse.ArgumentParser(description=(doc or "").partition("\n")[0])
    for name, default in defaults.items():
        parser.add_argument(f"--{name}", type=type(default), default=default)
    return parser.parse_args()


def set_up_django() -> None:
    """Django set up from the settings module the script named, without the warning about a
    static folder a checkout need not have."""
    import django

    warnings.filterwarnings("ignore", message="No directory at")
    django.setup()


def measured(what: str, action: Callable[[], T], width: int = 24) -> T:
    """`action`'s result, once a line has said what it took: its time and its queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        result = action()
        elapsed = time.perf_counter() - start
    print(f"  {what:<{width}} {elapsed * 1000:8.0f} ms {len(queries):6d} queries")
    return result

"""``manage.py db_worker`` whose Dutch engine never ends (tests/pairing/slow_engine.py), once it
has created the file ``SLOW_ENGINE_STARTED`` names: the worker
tests/arbiter/platform/test_jobs_worker.py kills in the middle of a pairing. The real command,
arguments and settings; only the engine is replaced, as the in-process tests replace it.

    python -m tests.slow_worker db_worker [options]
"""

import sys

import django
from django.core.management import execute_from_command_line


def main() -> None:
    django.setup()
    from pairing.swiss import services as swiss
    from tests.pairing import slow_engine

    swiss.pair_trf = slow_engine.pair_trf_forever_said
    execute_from_command_line(["manage.py", *sys.argv[1:]])


if __name__ == "__main__":
    main()

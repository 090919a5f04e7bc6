"""How many inputs each fuzzed parser was given in this run, printed at its end (tests/conftest.py
adds up what each pytest-xdist worker counted)."""

from collections import Counter

TRIED: Counter[str] = Counter()


def tried(parser: str) -> None:
    """Count one input given to ``parser``."""
    TRIED[parser] += 1


def fuzz_summary(terminalreporter) -> None:
    """The inputs tried per parser, and their total, in the run's summary."""
    if not TRIED:
        return
    terminalreporter.section("fuzz: inputs tried per parser")
    for parser, count in sorted(TRIED.items()):
        terminalreporter.write_line(f"{parser}: {count} inputs")
    total = sum(n for parser, n in TRIED.items() if "of which" not in parser)
    terminalreporter.write_line(f"all parsers: {total} inputs")

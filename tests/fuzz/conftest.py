"""The fuzz tests report how many inputs each parser was given, at the end of the run."""

from tests.fuzz.tally import TRIED


def pytest_terminal_summary(terminalreporter):
    if not TRIED:
        return
    terminalreporter.section("fuzz: inputs tried per parser")
    for parser, count in sorted(TRIED.items()):
        terminalreporter.write_line(f"{parser}: {count} inputs")
    total = sum(n for parser, n in TRIED.items() if "of which" not in parser)
    terminalreporter.write_line(f"all parsers: {total} inputs")

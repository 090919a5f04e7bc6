"""Team tie-breaks: ours (pairing/engines/tiebreaks/teams.py) against FIDE's reference checker.

``python bench/team_tiebreaks_gacrux.py DIR [--codes MPTS GPTS ...] [--show N]`` reads every
``*.trf`` team file of DIR (TRF-2026 with team records, e.g. the 300 files ``python -m pairing
generate --teams N ...`` writes), runs ``python -m gacrux.tiebreakchecker`` on each (``-s`` for a
Swiss, ``-p`` for a round robin, ``-n`` the rounds played: gacrux guesses a round robin when the
team count is the round count or one more, and scores the rounds still to come as unplayed), and
prints how many teams x tie-breaks equal gacrux's, per code, with the first differences.
Needs gacrux (``pip install gacrux==1.11.65``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.engines.tiebreaks.teams import rank_teams, settings_from_trf
from pairing.engines.trf_team import TeamTrf, parse_team_trf

#: The codes compared by default: every one gacrux computes for teams without crashing.
CODES = (
    "MPTS", "GPTS", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "ESB", "BH", "BH:GP", "SB",
    "SB:GP", "BH/C1", "BH:GP/C1", "SB/C1", "BC", "STD", "TPN", "TBR", "BBE", "DE", "EDE",
    "SSSC",
)  # fmt: skip


def gacrux_values(path: Path, file: TeamTrf, codes: list[str]) -> dict[int, list[str]]:
    """Team TPN -> gacrux's value of each code, as printed."""
    settings = settings_from_trf(file)
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-d", "T"]
    command += ["-p" if settings.round_robin else "-s", "-n", str(file.round_count)]
    done = subprocess.run(
        [*command, "-t", *codes], capture_output=True, text=True, timeout=300, check=False
    )
    rows = [line.split("\t") for line in done.stdout.splitlines() if line.strip()]
    if not rows or rows[0][:2] != ["StartNo", "Rank"]:
        raise RuntimeError(f"gacrux failed on {path}: {done.stdout[-500:]}{done.stderr[-500:]}")
    return {int(row[0]): row[2:] for row in rows[1:]}


def same(ours: Decimal | int, theirs: str) -> bool:
    try:
        return Decimal(ours) == Decimal(theirs)
    except InvalidOperation:
        return False


def compare(path: Path, codes: list[str]) -> tuple[Counter[str], Counter[str], list[str]]:
    file = parse_team_trf(path.read_text(encoding="utf-8"))
    theirs = gacrux_values(path, file, codes)
    rows = rank_teams(file.rounds, codes, settings_from_trf(file), through_round=file.round_count)
    equal: Counter[str] = Counter()
    total: Counter[str] = Counter()
    differences = []
    for row in rows:
        for code, ours, value in zip(codes, row.values, theirs[row.team], strict=True):
            total[code] += 1
            if same(ours, value):
                equal[code] += 1
            else:
                differences.append(
                    f"{path.name} team {row.team} {code}: ours {ours}, gacrux {value}"
                )
    return equal, total, differences


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").partition("\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--codes", nargs="*", default=list(CODES))
    parser.add_argument("--show", type=int, default=10, help="differences to print")
    args = parser.parse_args()
    equal: Counter[str] = Counter()
    total: Counter[str] = Counter()
    differences: list[str] = []
    files = sorted(args.directory.glob("*.trf"))
    for path in files:
        e, t, d = compare(path, args.codes)
        equal.update(e)
        total.update(t)
        differences += d
    for code in args.codes:
        print(f"{code:10} {equal[code]:6} / {total[code]:6}")
    print(f"{'all':10} {sum(equal.values()):6} / {sum(total.values()):6} in {len(files)} files")
    for line in differences[: args.show]:
        print(line)
    return 0 if sum(equal.values()) == sum(total.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())

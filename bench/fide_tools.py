"""FIDE's two free tools, measured: the generator makes N tournaments, our checker and FIDE's
own (gacrux's ``pairingchecker -c`` and ``tiebreakchecker -c``) check each.

    .venv/bin/python bench/fide_tools.py [--count 300] [--seed 1] [--gacrux 40]

Tournament i (seed S+i) has 6 to 30 players and 3 to 9 rounds, the 2017 rules for odd i and the
2026 rules for even i, Baku acceleration for every third, and byes, forfeits, withdrawals and
unusual results at rates drawn from the seed (a count or a percentage). A tournament the engine
cannot finish (no legal pairing: too many rounds, too many byes) is counted and skipped.

Printed: CPU milliseconds per tournament to generate and to check with ours; how many our
checker finds clean; on the first ``--gacrux`` of them, gacrux's verdicts on the file as
generated (its pairings, its ranks) and on the file with the ranks of two players the
tie-breaks separate swapped (which both checkers must flag), each disagreement listed with its
seed. gacrux runs as a process per file (a dev dependency, ``pip install gacrux``).
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import options  # noqa: E402
from pairing.engines.dutch import NoValidPairing  # noqa: E402
from pairing.engines.fide_check import check_file  # noqa: E402
from pairing.engines.generator import GeneratorConfig, Rate, generate  # noqa: E402
from pairing.engines.trf import parse_trf, write_trf  # noqa: E402


def config(seed: int) -> GeneratorConfig:
    """Tournament ``seed``'s configuration: sizes, rule set, acceleration and rates."""
    rng = random.Random(seed)
    players = rng.randint(6, 30)

    def rate() -> Rate:
        return rng.choice([Rate(), Rate(count=rng.randint(1, 3)), Rate(percent=rng.choice([2, 5]))])

    return GeneratorConfig(
        players=players,
        rounds=min(rng.randint(3, 9), players - 2),
        seed=seed,
        rules="2017" if seed % 2 else "2026",
        baku=seed % 3 == 0,
        half_point_byes=rate(),
        full_point_byes=rate(),
        zero_point_byes=rate(),
        forfeits=rate(),
        withdrawals=rate(),
        unusual_results=rate(),
    )


def swapped(text: str) -> str | None:
    """The file with the ranks of two players the tie-breaks separate swapped (None if all tie)."""
    places = {p.player: (p.low, p.high) for p in check_file(text).standings.players}
    t = parse_trf(text)
    for p in t.players:
        for q in t.players:
            if places[p.number][1] < places[q.number][0]:
                ranks = {p.number: q.rank, q.number: p.rank}
                players = tuple(replace(x, rank=ranks.get(x.number, x.rank)) for x in t.players)
                return write_trf(replace(t, players=players))
    return None


def gacrux(tool: str, path: Path) -> bool:
    """gacrux's ``Check:`` verdict on the file (its exit status says nothing of the check)."""
    command = [sys.executable, "-m", f"gacrux.{tool}", "-i", str(path), "-c", "-d", "T"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=path.parent)
    return "Check: True" in out.stdout


def main() -> None:
    args = options(__doc__, count=300, seed=1, gacrux=40)
    made, generate_cpu, check_cpu, skipped, clean = [], 0.0, 0.0, 0, 0
    for seed in range(args.seed, args.seed + args.count):
        start = time.process_time()
        try:
            text = write_trf(generate(config(seed)))
        except NoValidPairing:
            skipped += 1
            continue
        generate_cpu += time.process_time() - start
        start = time.process_time()
        clean += check_file(text).ok
        check_cpu += time.process_time() - start
        made.append((seed, text))
    n = len(made)
    print(f"{n} tournaments generated ({skipped} without a legal pairing skipped)")
    print(
        f"generate: {1000 * generate_cpu / n:.1f} ms CPU each; check (ours): "
        f"{1000 * check_cpu / n:.1f} ms CPU each"
    )
    print(f"our checker: {clean}/{n} clean")
    if args.gacrux:
        compare(made[: args.gacrux])


def compare(made: list[tuple[int, str]]) -> None:
    """gacrux's verdicts on the files as generated and with two ranks swapped."""
    counts = {"pairings": 0, "standings": 0, "swap flagged": 0, "swap flagged (ours)": 0}
    swaps = 0
    with tempfile.TemporaryDirectory() as folder:
        for seed, text in made:
            path = Path(folder) / f"t{seed}.trf"
            path.write_text(text)
            if gacrux("pairingchecker", path):
                counts["pairings"] += 1
            else:
                print(f"  gacrux pairingchecker differs on seed {seed}: {config(seed)}")
            if gacrux("tiebreakchecker", path):
                counts["standings"] += 1
            else:
                print(f"  gacrux tiebreakchecker differs on seed {seed}: {config(seed)}")
            other = swapped(text)
            if other is None:
                continue
            swaps += 1
            path.write_text(other)
            counts["swap flagged"] += not gacrux("tiebreakchecker", path)
            counts["swap flagged (ours)"] += not check_file(other).standings.ok
    n = len(made)
    print(f"gacrux pairingchecker -c: {counts['pairings']}/{n} Check: True")
    print(f"gacrux tiebreakchecker -c: {counts['standings']}/{n} Check: True")
    print(
        f"two ranks swapped: gacrux flags {counts['swap flagged']}/{swaps}, "
        f"ours {counts['swap flagged (ours)']}/{swaps}"
    )


if __name__ == "__main__":
    main()

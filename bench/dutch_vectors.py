"""Golden-vector pass rate of the Dutch engine, per rule set.

    .venv/bin/python bench/dutch_vectors.py [--rules 2026 2017] [--pattern GLOB] [-v]

Pairs every round file ``tests/pairing/vectors/dutch/rounds/NAME/rNN.trf`` and compares with
``rNN.<rules>.txt`` (pairs, colours, board order and bye). Prints rounds identical / total.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VECTORS = ROOT / "tests" / "pairing" / "vectors" / "dutch" / "rounds"


def main() -> None:
    from pairing.engines.dutch import pair_round
    from pairing.engines.dutch.state import build_state
    from pairing.engines.trf import parse_trf

    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", nargs="+", default=["2026", "2017"])
    ap.add_argument("--pattern", default="*")
    ap.add_argument("-v", action="store_true", help="list the rounds that differ")
    args = ap.parse_args()
    for rules in args.rules:
        ok = total = 0
        bad = []
        t0 = time.perf_counter()
        for trf in sorted(VECTORS.glob(f"{args.pattern}/r*.trf")):
            expected = trf.with_suffix(f".{rules}.txt").read_text().split()
            try:
                got = " ".join(
                    pair_round(build_state(parse_trf(trf.read_text())), rules).engine_lines()
                ).split()
            except Exception as e:  # report, keep going
                got = [f"error: {e}"]
            total += 1
            if got == expected:
                ok += 1
            else:
                bad.append(trf.relative_to(VECTORS))
        rate = 100 * ok / total if total else 0
        print(
            f"rules {rules}: {ok}/{total} rounds identical ({rate:.1f}%), "
            f"{time.perf_counter() - t0:.0f} s"
        )
        if args.v:
            for b in bad:
                print(f"  {b}")


if __name__ == "__main__":
    main()

"""Record gacrux's team tie-breaks on the team files of tests/pairing/engines/data/teams as the
golden data the tests compare with (``gacrux_tiebreaks.json``). Run again after adding a file:
``python bench/team_tiebreaks_golden.py`` (needs gacrux 1.11.65)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from team_tiebreaks_gacrux import CODES, gacrux_values  # noqa: E402

from pairing.engines.trf_team import parse_team_trf  # noqa: E402

DATA = ROOT / "tests" / "pairing" / "engines" / "data" / "teams"
#: Every code at once, then the rank-valued codes right after the score (where they split).
LISTS = [
    list(CODES),
    ["MPTS", "DE"],
    ["MPTS", "EDE"],
    ["GPTS", "EDEC"],
    ["MPTS", "TBR"],
    ["MPTS", "BBE"],
    ["MPTS", "EDET"],
    ["MPTS", "EDEB"],
    ["MPTS", "EDEBT"],
    ["GPTS", "EDEBB"],
    ["GPTS", "BH/M1", "SB:GP/C2"],
]


def main() -> None:
    out = {}
    for path in sorted(DATA.glob("*.trf")):
        file = parse_team_trf(path.read_text(encoding="utf-8"))
        runs = []
        for codes in LISTS:
            # SSSC's normaliser is 0 after one round: gacrux fails (docs/teams.md)
            codes = [c for c in codes if not (file.round_count < 2 and c == "SSSC")]
            values = gacrux_values(path, file, codes)
            runs.append(
                {
                    "codes": " ".join(codes),
                    "values": {str(k): " ".join(v) for k, v in sorted(values.items())},
                }
            )
        out[path.name] = runs
    (DATA / "gacrux_tiebreaks.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

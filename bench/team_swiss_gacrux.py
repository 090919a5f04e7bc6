"""Our C.04.6 team Swiss against FIDE's reference (gacrux 1.11.65), round by round.

    python bench/team_swiss_gacrux.py [--count 300] [--seed 1] [--jobs 2] [--keep DIR]

Generates ``count`` random team tournaments with our generator (8-60 teams, 4-6 boards, 5-11
rounds, Type A and Type B alternately, an odd number of teams in about half of them so there
are PABs, board forfeits and whole-match forfeits), then for every round R asks gacrux
``pairingchecker -p -m fideteam[-typeb] -i FILE -n R -d B`` and compares its bbp output with our
pairing of round R from rounds 1..R-1 (table order and colours included), and asks gacrux
``-c`` whether it accepts the rounds as the file holds them (one run for the whole file, then
round by round if it refuses). Installs gacrux==1.11.65 with pip into
the current environment if it is missing. Prints the counts and every difference.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.engines.team_swiss.api import pair_file
from pairing.engines.team_swiss.generator import (
    TeamGeneratorConfig,
    generate_team_text,
)
from pairing.engines.team_swiss.trf_input import read_team_trf

GACRUX = "gacrux==1.11.65"


def ensure_gacrux() -> None:
    if importlib.util.find_spec("gacrux") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", GACRUX], check=True)


def config_for(n: int, seed: int) -> TeamGeneratorConfig:
    rng = random.Random(seed * 100_003 + n)
    teams = rng.randint(8, 60)
    return TeamGeneratorConfig(
        teams=teams,
        boards=rng.randint(4, 6),
        # a short field cannot take many rounds without a second meeting ([C1])
        rounds=max(5, min(rng.randint(5, 11), teams // 2 + 1)),
        seed=seed * 1000 + n,
        colours="typea" if n % 2 else "typeb",
    )


def gacrux(args: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "gacrux.pairingchecker", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    return done.stdout + done.stderr


def one(job: tuple[int, int, str]) -> dict[str, object]:
    n, seed, keep = job
    config = config_for(n, seed)
    out: dict[str, object] = {"n": n, "rounds": 0, "same": 0, "accepted": 0, "diffs": []}
    try:
        text = generate_team_text(config)
    except Exception as error:  # a round our engine could not pair: report, not crash
        out["error"] = f"generate: {type(error).__name__}: {error}"
        return out
    directory = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="teamswiss"))
    path = directory / f"T{n:04d}.trf"
    path.write_text(text, encoding="utf-8")
    method = "fideteam" if config.colours == "typea" else "fideteam-typeb"
    f = read_team_trf(text)
    diffs: list[str] = []
    for rnd in range(1, config.rounds + 1):
        ours = pair_file(f, rnd).bbp().split()
        theirs_text = gacrux(["-p", "-m", method, "-i", str(path), "-n", str(rnd), "-d", "B"])
        theirs = theirs_text.split()
        out["rounds"] = int(str(out["rounds"])) + 1
        if ours == theirs:
            out["same"] = int(str(out["same"])) + 1
        else:
            diffs.append(f"T{n:04d} {config} round {rnd}: ours {ours} gacrux {theirs}")
    # -c without -n checks every round in one run; a refusal is then looked at round by round
    if "Check: True" in gacrux(["-c", "-m", method, "-i", str(path), "-d", "B"]):
        out["accepted"] = config.rounds
    else:
        for rnd in range(1, config.rounds + 1):
            check = gacrux(["-c", "-m", method, "-i", str(path), "-n", str(rnd), "-d", "B"])
            if "Check: True" in check:
                out["accepted"] = int(str(out["accepted"])) + 1
            else:
                diffs.append(f"T{n:04d} round {rnd}: gacrux -c refuses: {check.strip()[-300:]}")
    out["diffs"] = diffs
    out["teams"] = config.teams
    if not keep:
        path.unlink()
        directory.rmdir()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", default="", help="keep the files in this directory")
    args = parser.parse_args()
    ensure_gacrux()
    if args.keep:
        Path(args.keep).mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    jobs = [(n, args.seed, args.keep) for n in range(1, args.count + 1)]
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(one, jobs):
            results.append(result)
            if result.get("error") or result["diffs"]:
                for line in [result.get("error", ""), *result["diffs"]]:  # type: ignore[list-item]
                    if line:
                        print(line, flush=True)
    rounds = sum(int(r["rounds"]) for r in results)  # type: ignore[call-overload]
    same = sum(int(r["same"]) for r in results)  # type: ignore[call-overload]
    accepted = sum(int(r["accepted"]) for r in results)  # type: ignore[call-overload]
    errors = sum(1 for r in results if r.get("error"))
    print(f"tournaments: {len(results)} (generation errors: {errors})")
    print(f"rounds compared: {rounds}")
    print(f"identical to gacrux -p: {same}")
    print(f"differing: {rounds - same}")
    print(f"accepted by gacrux -c: {accepted}")
    print(f"time: {time.perf_counter() - started:.0f} s")
    return 0 if same == rounds and accepted == rounds and not errors else 1


if __name__ == "__main__":
    sys.exit(main())

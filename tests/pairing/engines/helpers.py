"""Build small TRF tournaments for the engine tests."""

from pairing.engines.generator import GeneratorConfig, Rate
from pairing.engines.trf import parse_trf


def player_line(num: int, pts: str, rounds: list[str], rating: int | None = None) -> str:
    rating = 2500 - 10 * num if rating is None else rating
    head = f"001 {num:>4}      Test{num:04d} Player{num:04d}".ljust(48) + f"{rating:>4}"
    head = head.ljust(80) + f"{pts:>4}"
    return head.ljust(89) + "".join(f"  {r}" for r in rounds)


def trf(rounds: int, players: list[tuple[str, list[str]]], extra: tuple[str, ...] = ()) -> str:
    lines = ["012 Test", f"XXR {rounds}", *extra]
    lines += [player_line(i + 1, pts, rs) for i, (pts, rs) in enumerate(players)]
    return "\n".join(lines) + "\n"


def tournament(rounds, players, extra=()):
    return parse_trf(trf(rounds, players, extra))


def busy_config(seed: int, rules: str = "2026", baku: bool = False) -> GeneratorConfig:
    """A generated tournament with something of everything: byes of every kind, forfeits, a
    withdrawal every third seed, an unusual result; its size and length follow the seed."""
    return GeneratorConfig(
        players=9 + seed % 14,
        rounds=5 + seed % 3,
        seed=seed,
        rules=rules,
        baku=baku,
        half_point_byes=Rate(count=2),
        full_point_byes=Rate(count=seed % 2),
        zero_point_byes=Rate(percent=3),
        forfeits=Rate(count=1),
        withdrawals=Rate(count=seed % 3 == 0),
        unusual_results=Rate(count=1),
    )

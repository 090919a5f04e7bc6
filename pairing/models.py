"""The pairing systems' models, each defined in its system's room (docs/layout.md) and gathered
here, where Django looks for the ``pairing`` app's models."""

from pairing.knockout.models import Bout, Bracket
from pairing.monrad.models import MonradCheckIn, MonradPairing, MonradSettings
from pairing.round_robin.models import LotDrawing, LotPick
from pairing.rounds.models import EmptyBoard, RoundCheckIn
from pairing.swiss.models import Acceleration, EnginePairing, ForbiddenPair, PlayerRoundRecord
from pairing.swiss.trf.models import TrfPlayerColumns, TrfRoundBlock, TrfSource

__all__ = [
    "Acceleration",
    "Bout",
    "Bracket",
    "EmptyBoard",
    "EnginePairing",
    "ForbiddenPair",
    "LotDrawing",
    "LotPick",
    "MonradCheckIn",
    "MonradPairing",
    "MonradSettings",
    "PlayerRoundRecord",
    "RoundCheckIn",
    "TrfPlayerColumns",
    "TrfRoundBlock",
    "TrfSource",
]

from enum import StrEnum


class ListComponentsType(StrEnum):
    BAG = "bag"
    BOARD = "board"
    CARD = "card"
    COIN = "coin"
    COUNTER = "counter"
    CUBE = "cube"
    DICE = "dice"
    OTHER = "other"
    PACK = "pack"
    PACKAGING = "packaging"
    PIECE = "piece"
    RULEBOOK = "rulebook"
    SPINNER = "spinner"
    TIMER = "timer"
    TOKEN = "token"

    def __str__(self) -> str:
        return str(self.value)

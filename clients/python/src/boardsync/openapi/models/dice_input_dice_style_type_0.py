from enum import StrEnum


class DiceInputDiceStyleType0(StrEnum):
    CUSTOM = "custom"
    STANDARD = "standard"

    def __str__(self) -> str:
        return str(self.value)

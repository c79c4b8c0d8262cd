from enum import StrEnum


class DiceInputSizeType0(StrEnum):
    D10 = "d10"
    D12 = "d12"
    D2 = "d2"
    D20 = "d20"
    D3 = "d3"
    D4 = "d4"
    D6 = "d6"
    D8 = "d8"

    def __str__(self) -> str:
        return str(self.value)

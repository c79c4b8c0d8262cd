from enum import IntEnum


class DiceInputSizeType2(IntEnum):
    VALUE_2 = 2
    VALUE_3 = 3
    VALUE_4 = 4
    VALUE_6 = 6
    VALUE_8 = 8
    VALUE_10 = 10
    VALUE_12 = 12
    VALUE_20 = 20

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class GroupKind(StrEnum):
    DECK = "deck"
    STACK = "stack"

    def __str__(self) -> str:
        return str(self.value)

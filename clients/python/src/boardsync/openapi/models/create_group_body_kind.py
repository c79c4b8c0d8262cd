from enum import StrEnum


class CreateGroupBodyKind(StrEnum):
    DECK = "deck"
    STACK = "stack"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class ListGroupsKind(StrEnum):
    DECK = "deck"
    STACK = "stack"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class ReplaceGroupMembersResponse200DataKind(StrEnum):
    DECK = "deck"
    STACK = "stack"

    def __str__(self) -> str:
        return str(self.value)

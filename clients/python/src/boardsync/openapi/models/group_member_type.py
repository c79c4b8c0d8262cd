from enum import StrEnum


class GroupMemberType(StrEnum):
    CARD = "card"
    TOKEN = "token"

    def __str__(self) -> str:
        return str(self.value)

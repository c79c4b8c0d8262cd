from enum import StrEnum


class ReplaceGroupMembersResponse200DataMemberType(StrEnum):
    CARD = "card"
    TOKEN = "token"

    def __str__(self) -> str:
        return str(self.value)

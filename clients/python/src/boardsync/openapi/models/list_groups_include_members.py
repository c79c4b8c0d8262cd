from enum import StrEnum


class ListGroupsIncludeMembers(StrEnum):
    FALSE = "false"
    TRUE = "true"
    VALUE_0 = "0"
    VALUE_1 = "1"
    VALUE_4 = ""

    def __str__(self) -> str:
        return str(self.value)

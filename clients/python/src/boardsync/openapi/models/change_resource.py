from enum import StrEnum


class ChangeResource(StrEnum):
    ASSET = "asset"
    COMPONENT = "component"
    GROUP = "group"
    PROJECT = "project"

    def __str__(self) -> str:
        return str(self.value)

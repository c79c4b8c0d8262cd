from enum import StrEnum


class MaskOptionSource(StrEnum):
    CUSTOM = "custom"
    PRESET = "preset"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class WebhookEventsItem(StrEnum):
    COMPONENTS_CHANGED = "components.changed"
    PROJECT_UPDATED = "project.updated"

    def __str__(self) -> str:
        return str(self.value)

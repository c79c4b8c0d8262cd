from enum import StrEnum


class RegisteredWebhookEventsItem(StrEnum):
    COMPONENTS_CHANGED = "components.changed"
    PROJECT_UPDATED = "project.updated"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class GetAuthorizationServerMetadataResponse200ScopesSupportedItem(StrEnum):
    ASSETSREAD = "assets:read"
    ASSETSWRITE = "assets:write"
    COMPONENTSREAD = "components:read"
    COMPONENTSWRITE = "components:write"
    PROJECTSREAD = "projects:read"
    PROJECTSWRITE = "projects:write"
    WEBHOOKSWRITE = "webhooks:write"

    def __str__(self) -> str:
        return str(self.value)

"""Every row of each paged list, typed as the resource it holds: ``client.projects()``, ``client.components(7)``.
(``paginate`` walks any list operation, but can only yield untyped rows.)"""

from __future__ import annotations

from collections.abc import Iterator

from .openapi.api.assets import list_assets
from .openapi.api.components import list_components
from .openapi.api.projects import list_projects
from .openapi.api.webhook_deliveries import list_webhook_deliveries
from .openapi.client import AuthenticatedClient
from .openapi.models import Asset, Component, Delivery, ListComponentsType, ListWebhookDeliveriesStatus, Project
from .openapi.types import UNSET
from .pagination import paginate

#: The longest page the lists allow: the fewest calls.
_PER_PAGE = 200


def projects(api: AuthenticatedClient) -> Iterator[Project]:
    """The designer's projects, newest first."""
    return paginate(list_projects.sync_detailed, client=api, per_page=_PER_PAGE)


def components(
    api: AuthenticatedClient,
    project: int,
    *,
    component_type: str | ListComponentsType | None = None,
    name: str | None = None,
    unique_id: str | None = None,
) -> Iterator[Component]:
    """A project's components, grouped by type, then the designer's ordering; the filters match exactly."""
    return paginate(
        list_components.sync_detailed,
        client=api,
        project=project,
        type_=UNSET if component_type is None else ListComponentsType(component_type),
        name=UNSET if name is None else name,
        unique_id=UNSET if unique_id is None else unique_id,
        per_page=_PER_PAGE,
    )


def assets(api: AuthenticatedClient, project: int) -> Iterator[Asset]:
    """The files in a project's storage folder, newest first."""
    return paginate(list_assets.sync_detailed, client=api, project=project, per_page=_PER_PAGE)


def deliveries(api: AuthenticatedClient, webhook: int, *, status: str | ListWebhookDeliveriesStatus | None = None) -> Iterator[Delivery]:
    """A webhook's deliveries, newest first, of one status when given."""
    return paginate(
        list_webhook_deliveries.sync_detailed,
        client=api,
        webhook=webhook,
        status=UNSET if status is None else ListWebhookDeliveriesStatus(status),
        per_page=_PER_PAGE,
    )

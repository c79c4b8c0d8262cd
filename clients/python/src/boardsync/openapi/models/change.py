from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.change_action import ChangeAction
from ..models.change_resource import ChangeResource

if TYPE_CHECKING:
    from ..models.asset import Asset
    from ..models.component import Component
    from ..models.group import Group
    from ..models.project import Project


T = TypeVar("T", bound="Change")


@_attrs_define
class Change:
    """
    Attributes:
        cursor (str): This change’s place in the feed: pass it as `after` (or `Last-Event-ID`) to read what came after
            it.
        occurred_at (datetime.datetime):
        project_id (int):
        resource (ChangeResource):
        action (ChangeAction):
        id (int): The resource’s id (a project’s, a component’s, a group’s, an asset’s).
        unique_id (None | str): A component’s `unique_id`; null for other resources.
        app (None | str): The client id of the app whose request made the change; null for a personal token, the editor
            or boardsync’s own work.
        data (Asset | Component | Group | None | Project): The resource as its own GET answered at this change (a group
            without its members); null for `deleted`.
    """

    cursor: str
    occurred_at: datetime.datetime
    project_id: int
    resource: ChangeResource
    action: ChangeAction
    id: int
    unique_id: None | str
    app: None | str
    data: Asset | Component | Group | None | Project

    def to_dict(self) -> dict[str, Any]:
        from ..models.asset import Asset
        from ..models.component import Component
        from ..models.group import Group
        from ..models.project import Project

        cursor = self.cursor

        occurred_at = self.occurred_at.isoformat()

        project_id = self.project_id

        resource = self.resource.value

        action = self.action.value

        id = self.id

        unique_id: None | str
        unique_id = self.unique_id

        app: None | str
        app = self.app

        data: dict[str, Any] | None
        if (
            isinstance(self.data, Project)
            or isinstance(self.data, Component)
            or isinstance(self.data, Group)
            or isinstance(self.data, Asset)
        ):
            data = self.data.to_dict()
        else:
            data = self.data

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cursor": cursor,
                "occurred_at": occurred_at,
                "project_id": project_id,
                "resource": resource,
                "action": action,
                "id": id,
                "unique_id": unique_id,
                "app": app,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.asset import Asset
        from ..models.component import Component
        from ..models.group import Group
        from ..models.project import Project

        d = dict(src_dict)
        cursor = d.pop("cursor")

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        project_id = d.pop("project_id")

        resource = ChangeResource(d.pop("resource"))

        action = ChangeAction(d.pop("action"))

        id = d.pop("id")

        def _parse_unique_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        unique_id = _parse_unique_id(d.pop("unique_id"))

        def _parse_app(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        app = _parse_app(d.pop("app"))

        def _parse_data(data: object) -> Asset | Component | Group | None | Project:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0_type_0 = Project.from_dict(data)

                return data_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0_type_1 = Component.from_dict(data)

                return data_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0_type_2 = Group.from_dict(data)

                return data_type_0_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0_type_3 = Asset.from_dict(data)

                return data_type_0_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Asset | Component | Group | None | Project, data)

        data = _parse_data(d.pop("data"))

        change = cls(
            cursor=cursor,
            occurred_at=occurred_at,
            project_id=project_id,
            resource=resource,
            action=action,
            id=id,
            unique_id=unique_id,
            app=app,
            data=data,
        )

        return change

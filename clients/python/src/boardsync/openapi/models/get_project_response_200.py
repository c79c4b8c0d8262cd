from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.project import Project


T = TypeVar("T", bound="GetProjectResponse200")


@_attrs_define
class GetProjectResponse200:
    """
    Attributes:
        data (Project):
    """

    data: Project

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project import Project

        d = dict(src_dict)
        data = Project.from_dict(d.pop("data"))

        get_project_response_200 = cls(
            data=data,
        )

        return get_project_response_200

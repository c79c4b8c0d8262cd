from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeleteGroupResponse200")


@_attrs_define
class DeleteGroupResponse200:
    """
    Attributes:
        deleted (bool):
        components_retained (bool): The members stay in the project; only the group and its memberships go.
    """

    deleted: bool
    components_retained: bool

    def to_dict(self) -> dict[str, Any]:
        deleted = self.deleted

        components_retained = self.components_retained

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deleted": deleted,
                "components_retained": components_retained,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        deleted = d.pop("deleted")

        components_retained = d.pop("components_retained")

        delete_group_response_200 = cls(
            deleted=deleted,
            components_retained=components_retained,
        )

        return delete_group_response_200

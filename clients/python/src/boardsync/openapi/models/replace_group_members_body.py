from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.replace_group_members_body_members_item import (
        ReplaceGroupMembersBodyMembersItem,
    )


T = TypeVar("T", bound="ReplaceGroupMembersBody")


@_attrs_define
class ReplaceGroupMembersBody:
    """
    Attributes:
        members (list[ReplaceGroupMembersBodyMembersItem]): The whole membership, each component once; array order
            becomes `position`. `[]` empties the group.
    """

    members: list[ReplaceGroupMembersBodyMembersItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "members": members,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.replace_group_members_body_members_item import (
            ReplaceGroupMembersBodyMembersItem,
        )

        d = dict(src_dict)
        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = ReplaceGroupMembersBodyMembersItem.from_dict(
                members_item_data
            )

            members.append(members_item)

        replace_group_members_body = cls(
            members=members,
        )

        replace_group_members_body.additional_properties = d
        return replace_group_members_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

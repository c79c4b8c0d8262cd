from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.replace_group_members_response_200_data_kind import (
    ReplaceGroupMembersResponse200DataKind,
)
from ..models.replace_group_members_response_200_data_member_type import (
    ReplaceGroupMembersResponse200DataMemberType,
)

if TYPE_CHECKING:
    from ..models.group_member import GroupMember


T = TypeVar("T", bound="ReplaceGroupMembersResponse200Data")


@_attrs_define
class ReplaceGroupMembersResponse200Data:
    """
    Attributes:
        id (int):
        kind (ReplaceGroupMembersResponse200DataKind): Never changes.
        name (str): Unique per project and kind, ignoring case.
        position (int | None): Ordering among the project’s groups; null ones come last.
        member_type (ReplaceGroupMembersResponse200DataMemberType): What the group holds: a deck cards, a stack tokens.
        member_count (int): Only when members are loaded.
        members (list[GroupMember]): Only when members are loaded; array order is deck order.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: int
    kind: ReplaceGroupMembersResponse200DataKind
    name: str
    position: int | None
    member_type: ReplaceGroupMembersResponse200DataMemberType
    member_count: int
    members: list[GroupMember]
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        name = self.name

        position: int | None
        position = self.position

        member_type = self.member_type.value

        member_count = self.member_count

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "name": name,
                "position": position,
                "member_type": member_type,
                "member_count": member_count,
                "members": members,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.group_member import GroupMember

        d = dict(src_dict)
        id = d.pop("id")

        kind = ReplaceGroupMembersResponse200DataKind(d.pop("kind"))

        name = d.pop("name")

        def _parse_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        position = _parse_position(d.pop("position"))

        member_type = ReplaceGroupMembersResponse200DataMemberType(d.pop("member_type"))

        member_count = d.pop("member_count")

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = GroupMember.from_dict(members_item_data)

            members.append(members_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        replace_group_members_response_200_data = cls(
            id=id,
            kind=kind,
            name=name,
            position=position,
            member_type=member_type,
            member_count=member_count,
            members=members,
            created_at=created_at,
            updated_at=updated_at,
        )

        return replace_group_members_response_200_data

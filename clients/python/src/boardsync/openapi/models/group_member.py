from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GroupMember")


@_attrs_define
class GroupMember:
    """
    Attributes:
        unique_id (str): The component’s `unique_id`: how `PUT members` addresses it.
        component_id (int): The component’s internal id, for reference only: never accepted on write.
        name (None | str):
        position (int | None): Deck order: 0 is the top.
        count (int | None): Copies held: the count set by `PUT members`, else the component’s `quantity`.
        face_up (bool | None): true front up, false face down, null dealt however the group is (unrelated to `facing`).
        source (None | str): The component’s owning integration, as its `source`.
    """

    unique_id: str
    component_id: int
    name: None | str
    position: int | None
    count: int | None
    face_up: bool | None
    source: None | str

    def to_dict(self) -> dict[str, Any]:
        unique_id = self.unique_id

        component_id = self.component_id

        name: None | str
        name = self.name

        position: int | None
        position = self.position

        count: int | None
        count = self.count

        face_up: bool | None
        face_up = self.face_up

        source: None | str
        source = self.source

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "unique_id": unique_id,
                "component_id": component_id,
                "name": name,
                "position": position,
                "count": count,
                "face_up": face_up,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        unique_id = d.pop("unique_id")

        component_id = d.pop("component_id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        position = _parse_position(d.pop("position"))

        def _parse_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        count = _parse_count(d.pop("count"))

        def _parse_face_up(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        face_up = _parse_face_up(d.pop("face_up"))

        def _parse_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source = _parse_source(d.pop("source"))

        group_member = cls(
            unique_id=unique_id,
            component_id=component_id,
            name=name,
            position=position,
            count=count,
            face_up=face_up,
            source=source,
        )

        return group_member

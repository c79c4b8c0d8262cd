from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="WriteResultComponentsItem")


@_attrs_define
class WriteResultComponentsItem:
    """
    Attributes:
        id (int):
        name (None | str):
        type_ (str):
    """

    id: int
    name: None | str
    type_: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name: None | str
        name = self.name

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        type_ = d.pop("type")

        write_result_components_item = cls(
            id=id,
            name=name,
            type_=type_,
        )

        return write_result_components_item

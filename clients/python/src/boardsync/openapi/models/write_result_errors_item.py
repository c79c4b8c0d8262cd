from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="WriteResultErrorsItem")


@_attrs_define
class WriteResultErrorsItem:
    """
    Attributes:
        index (int): The row’s index in the request (0 for a single write).
        unique_id (str):
        name (None | str):
        code (str): `mixed_group`: the card or token was written but could not join a deck or stack of another shape.
        message (str):
    """

    index: int
    unique_id: str
    name: None | str
    code: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        unique_id = self.unique_id

        name: None | str
        name = self.name

        code = self.code

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "unique_id": unique_id,
                "name": name,
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        unique_id = d.pop("unique_id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        code = d.pop("code")

        message = d.pop("message")

        write_result_errors_item = cls(
            index=index,
            unique_id=unique_id,
            name=name,
            code=code,
            message=message,
        )

        return write_result_errors_item

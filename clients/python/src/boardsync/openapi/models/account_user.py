from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AccountUser")


@_attrs_define
class AccountUser:
    """
    Attributes:
        id (int):
        name (str):
        email (str):
    """

    id: int
    name: str
    email: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "email": email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        email = d.pop("email")

        account_user = cls(
            id=id,
            name=name,
            email=email,
        )

        return account_user

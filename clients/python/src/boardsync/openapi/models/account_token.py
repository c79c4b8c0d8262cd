from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AccountToken")


@_attrs_define
class AccountToken:
    """
    Attributes:
        scopes (list[str]): The scopes this token holds, possibly fewer than were asked for.
        app (str): The source tag writes are stamped with: `api:{client_id}` for an OAuth app, `api:personal` for a
            personal token.
    """

    scopes: list[str]
    app: str

    def to_dict(self) -> dict[str, Any]:
        scopes = self.scopes

        app = self.app

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scopes": scopes,
                "app": app,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        scopes = cast(list[str], d.pop("scopes"))

        app = d.pop("app")

        account_token = cls(
            scopes=scopes,
            app=app,
        )

        return account_token

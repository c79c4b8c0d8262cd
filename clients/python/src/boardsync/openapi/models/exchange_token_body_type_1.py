from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExchangeTokenBodyType1")


@_attrs_define
class ExchangeTokenBodyType1:
    """
    Attributes:
        grant_type (Literal['refresh_token']):
        refresh_token (str): The refresh token; it is rotated: use the new one from the answer.
        scope (str | Unset): A subset of the granted scopes; omitted, all of them.
        client_id (str | Unset): The app’s client_id, unless sent in HTTP Basic.
        client_secret (str | Unset): A confidential app’s secret, unless sent in HTTP Basic; public apps omit it.
    """

    grant_type: Literal["refresh_token"]
    refresh_token: str
    scope: str | Unset = UNSET
    client_id: str | Unset = UNSET
    client_secret: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        grant_type = self.grant_type

        refresh_token = self.refresh_token

        scope = self.scope

        client_id = self.client_id

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "grant_type": grant_type,
                "refresh_token": refresh_token,
            }
        )
        if scope is not UNSET:
            field_dict["scope"] = scope
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if client_secret is not UNSET:
            field_dict["client_secret"] = client_secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        grant_type = cast(Literal["refresh_token"], d.pop("grant_type"))
        if grant_type != "refresh_token":
            raise ValueError(
                f"grant_type must match const 'refresh_token', got '{grant_type}'"
            )

        refresh_token = d.pop("refresh_token")

        scope = d.pop("scope", UNSET)

        client_id = d.pop("client_id", UNSET)

        client_secret = d.pop("client_secret", UNSET)

        exchange_token_body_type_1 = cls(
            grant_type=grant_type,
            refresh_token=refresh_token,
            scope=scope,
            client_id=client_id,
            client_secret=client_secret,
        )

        exchange_token_body_type_1.additional_properties = d
        return exchange_token_body_type_1

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExchangeTokenResponse200")


@_attrs_define
class ExchangeTokenResponse200:
    """
    Attributes:
        access_token (str): `bsa_…`: the bearer token for /api/v1, valid for `expires_in` seconds.
        token_type (str): `Bearer`.
        expires_in (int): 3600: access tokens last one hour.
        refresh_token (str): `bsr_…`: valid 30 days, replaced by each refresh.
        scope (str): The scopes granted, space-separated.
    """

    access_token: str
    token_type: str
    expires_in: int
    refresh_token: str
    scope: str

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        token_type = self.token_type

        expires_in = self.expires_in

        refresh_token = self.refresh_token

        scope = self.scope

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "access_token": access_token,
                "token_type": token_type,
                "expires_in": expires_in,
                "refresh_token": refresh_token,
                "scope": scope,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        token_type = d.pop("token_type")

        expires_in = d.pop("expires_in")

        refresh_token = d.pop("refresh_token")

        scope = d.pop("scope")

        exchange_token_response_200 = cls(
            access_token=access_token,
            token_type=token_type,
            expires_in=expires_in,
            refresh_token=refresh_token,
            scope=scope,
        )

        return exchange_token_response_200

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

T = TypeVar("T", bound="ExchangeTokenBodyType0")


@_attrs_define
class ExchangeTokenBodyType0:
    """
    Attributes:
        grant_type (Literal['authorization_code']):
        code (str): The code from the redirect: single-use, valid 10 minutes.
        redirect_uri (str): The redirect_uri the authorization request used.
        code_verifier (str): The PKCE verifier whose challenge the authorization request sent.
        client_id (str | Unset): The app’s client_id, unless sent in HTTP Basic.
        client_secret (str | Unset): A confidential app’s secret, unless sent in HTTP Basic; public apps omit it.
    """

    grant_type: Literal["authorization_code"]
    code: str
    redirect_uri: str
    code_verifier: str
    client_id: str | Unset = UNSET
    client_secret: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        grant_type = self.grant_type

        code = self.code

        redirect_uri = self.redirect_uri

        code_verifier = self.code_verifier

        client_id = self.client_id

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "grant_type": grant_type,
                "code": code,
                "redirect_uri": redirect_uri,
                "code_verifier": code_verifier,
            }
        )
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if client_secret is not UNSET:
            field_dict["client_secret"] = client_secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        grant_type = cast(Literal["authorization_code"], d.pop("grant_type"))
        if grant_type != "authorization_code":
            raise ValueError(
                f"grant_type must match const 'authorization_code', got '{grant_type}'"
            )

        code = d.pop("code")

        redirect_uri = d.pop("redirect_uri")

        code_verifier = d.pop("code_verifier")

        client_id = d.pop("client_id", UNSET)

        client_secret = d.pop("client_secret", UNSET)

        exchange_token_body_type_0 = cls(
            grant_type=grant_type,
            code=code,
            redirect_uri=redirect_uri,
            code_verifier=code_verifier,
            client_id=client_id,
            client_secret=client_secret,
        )

        exchange_token_body_type_0.additional_properties = d
        return exchange_token_body_type_0

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

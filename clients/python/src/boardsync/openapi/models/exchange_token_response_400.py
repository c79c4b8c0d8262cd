from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExchangeTokenResponse400")


@_attrs_define
class ExchangeTokenResponse400:
    """
    Attributes:
        error (str): `invalid_request`, `invalid_client`, `invalid_grant`, `unsupported_grant_type`, `invalid_scope`,
            `temporarily_unavailable`, …
        error_description (str | Unset):
    """

    error: str
    error_description: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        error = self.error

        error_description = self.error_description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
            }
        )
        if error_description is not UNSET:
            field_dict["error_description"] = error_description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        error = d.pop("error")

        error_description = d.pop("error_description", UNSET)

        exchange_token_response_400 = cls(
            error=error,
            error_description=error_description,
        )

        return exchange_token_response_400

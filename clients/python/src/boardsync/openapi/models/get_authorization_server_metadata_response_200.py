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

from ..models.get_authorization_server_metadata_response_200_grant_types_supported_item import (
    GetAuthorizationServerMetadataResponse200GrantTypesSupportedItem,
)
from ..models.get_authorization_server_metadata_response_200_revocation_endpoint_auth_methods_supported_item import (
    GetAuthorizationServerMetadataResponse200RevocationEndpointAuthMethodsSupportedItem,
)
from ..models.get_authorization_server_metadata_response_200_scopes_supported_item import (
    GetAuthorizationServerMetadataResponse200ScopesSupportedItem,
)
from ..models.get_authorization_server_metadata_response_200_token_endpoint_auth_methods_supported_item import (
    GetAuthorizationServerMetadataResponse200TokenEndpointAuthMethodsSupportedItem,
)

T = TypeVar("T", bound="GetAuthorizationServerMetadataResponse200")


@_attrs_define
class GetAuthorizationServerMetadataResponse200:
    """
    Attributes:
        issuer (str):
        authorization_endpoint (str):
        token_endpoint (str):
        revocation_endpoint (str):
        scopes_supported (list[GetAuthorizationServerMetadataResponse200ScopesSupportedItem]):
        response_types_supported (list[Literal['code']]):
        response_modes_supported (list[Literal['query']]):
        grant_types_supported (list[GetAuthorizationServerMetadataResponse200GrantTypesSupportedItem]):
        code_challenge_methods_supported (list[Literal['S256']]):
        token_endpoint_auth_methods_supported
            (list[GetAuthorizationServerMetadataResponse200TokenEndpointAuthMethodsSupportedItem]):
        revocation_endpoint_auth_methods_supported
            (list[GetAuthorizationServerMetadataResponse200RevocationEndpointAuthMethodsSupportedItem]):
    """

    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    revocation_endpoint: str
    scopes_supported: list[GetAuthorizationServerMetadataResponse200ScopesSupportedItem]
    response_types_supported: list[Literal["code"]]
    response_modes_supported: list[Literal["query"]]
    grant_types_supported: list[
        GetAuthorizationServerMetadataResponse200GrantTypesSupportedItem
    ]
    code_challenge_methods_supported: list[Literal["S256"]]
    token_endpoint_auth_methods_supported: list[
        GetAuthorizationServerMetadataResponse200TokenEndpointAuthMethodsSupportedItem
    ]
    revocation_endpoint_auth_methods_supported: list[
        GetAuthorizationServerMetadataResponse200RevocationEndpointAuthMethodsSupportedItem
    ]

    def to_dict(self) -> dict[str, Any]:
        issuer = self.issuer

        authorization_endpoint = self.authorization_endpoint

        token_endpoint = self.token_endpoint

        revocation_endpoint = self.revocation_endpoint

        scopes_supported = []
        for scopes_supported_item_data in self.scopes_supported:
            scopes_supported_item = scopes_supported_item_data.value
            scopes_supported.append(scopes_supported_item)

        response_types_supported = self.response_types_supported

        response_modes_supported = self.response_modes_supported

        grant_types_supported = []
        for grant_types_supported_item_data in self.grant_types_supported:
            grant_types_supported_item = grant_types_supported_item_data.value
            grant_types_supported.append(grant_types_supported_item)

        code_challenge_methods_supported = self.code_challenge_methods_supported

        token_endpoint_auth_methods_supported = []
        for (
            token_endpoint_auth_methods_supported_item_data
        ) in self.token_endpoint_auth_methods_supported:
            token_endpoint_auth_methods_supported_item = (
                token_endpoint_auth_methods_supported_item_data.value
            )
            token_endpoint_auth_methods_supported.append(
                token_endpoint_auth_methods_supported_item
            )

        revocation_endpoint_auth_methods_supported = []
        for (
            revocation_endpoint_auth_methods_supported_item_data
        ) in self.revocation_endpoint_auth_methods_supported:
            revocation_endpoint_auth_methods_supported_item = (
                revocation_endpoint_auth_methods_supported_item_data.value
            )
            revocation_endpoint_auth_methods_supported.append(
                revocation_endpoint_auth_methods_supported_item
            )

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "issuer": issuer,
                "authorization_endpoint": authorization_endpoint,
                "token_endpoint": token_endpoint,
                "revocation_endpoint": revocation_endpoint,
                "scopes_supported": scopes_supported,
                "response_types_supported": response_types_supported,
                "response_modes_supported": response_modes_supported,
                "grant_types_supported": grant_types_supported,
                "code_challenge_methods_supported": code_challenge_methods_supported,
                "token_endpoint_auth_methods_supported": token_endpoint_auth_methods_supported,
                "revocation_endpoint_auth_methods_supported": revocation_endpoint_auth_methods_supported,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        issuer = d.pop("issuer")

        authorization_endpoint = d.pop("authorization_endpoint")

        token_endpoint = d.pop("token_endpoint")

        revocation_endpoint = d.pop("revocation_endpoint")

        scopes_supported = []
        _scopes_supported = d.pop("scopes_supported")
        for scopes_supported_item_data in _scopes_supported:
            scopes_supported_item = (
                GetAuthorizationServerMetadataResponse200ScopesSupportedItem(
                    scopes_supported_item_data
                )
            )

            scopes_supported.append(scopes_supported_item)

        response_types_supported = []
        _response_types_supported = d.pop("response_types_supported")
        for response_types_supported_item_data in _response_types_supported:
            response_types_supported_item = cast(
                Literal["code"], response_types_supported_item_data
            )
            if response_types_supported_item != "code":
                raise ValueError(
                    f"response_types_supported_item must match const 'code', got '{response_types_supported_item}'"
                )
            response_types_supported.append(response_types_supported_item)

        response_modes_supported = []
        _response_modes_supported = d.pop("response_modes_supported")
        for response_modes_supported_item_data in _response_modes_supported:
            response_modes_supported_item = cast(
                Literal["query"], response_modes_supported_item_data
            )
            if response_modes_supported_item != "query":
                raise ValueError(
                    f"response_modes_supported_item must match const 'query', got '{response_modes_supported_item}'"
                )
            response_modes_supported.append(response_modes_supported_item)

        grant_types_supported = []
        _grant_types_supported = d.pop("grant_types_supported")
        for grant_types_supported_item_data in _grant_types_supported:
            grant_types_supported_item = (
                GetAuthorizationServerMetadataResponse200GrantTypesSupportedItem(
                    grant_types_supported_item_data
                )
            )

            grant_types_supported.append(grant_types_supported_item)

        code_challenge_methods_supported = []
        _code_challenge_methods_supported = d.pop("code_challenge_methods_supported")
        for (
            code_challenge_methods_supported_item_data
        ) in _code_challenge_methods_supported:
            code_challenge_methods_supported_item = cast(
                Literal["S256"], code_challenge_methods_supported_item_data
            )
            if code_challenge_methods_supported_item != "S256":
                raise ValueError(
                    f"code_challenge_methods_supported_item must match const 'S256', got '{code_challenge_methods_supported_item}'"
                )
            code_challenge_methods_supported.append(
                code_challenge_methods_supported_item
            )

        token_endpoint_auth_methods_supported = []
        _token_endpoint_auth_methods_supported = d.pop(
            "token_endpoint_auth_methods_supported"
        )
        for (
            token_endpoint_auth_methods_supported_item_data
        ) in _token_endpoint_auth_methods_supported:
            token_endpoint_auth_methods_supported_item = GetAuthorizationServerMetadataResponse200TokenEndpointAuthMethodsSupportedItem(
                token_endpoint_auth_methods_supported_item_data
            )

            token_endpoint_auth_methods_supported.append(
                token_endpoint_auth_methods_supported_item
            )

        revocation_endpoint_auth_methods_supported = []
        _revocation_endpoint_auth_methods_supported = d.pop(
            "revocation_endpoint_auth_methods_supported"
        )
        for (
            revocation_endpoint_auth_methods_supported_item_data
        ) in _revocation_endpoint_auth_methods_supported:
            revocation_endpoint_auth_methods_supported_item = GetAuthorizationServerMetadataResponse200RevocationEndpointAuthMethodsSupportedItem(
                revocation_endpoint_auth_methods_supported_item_data
            )

            revocation_endpoint_auth_methods_supported.append(
                revocation_endpoint_auth_methods_supported_item
            )

        get_authorization_server_metadata_response_200 = cls(
            issuer=issuer,
            authorization_endpoint=authorization_endpoint,
            token_endpoint=token_endpoint,
            revocation_endpoint=revocation_endpoint,
            scopes_supported=scopes_supported,
            response_types_supported=response_types_supported,
            response_modes_supported=response_modes_supported,
            grant_types_supported=grant_types_supported,
            code_challenge_methods_supported=code_challenge_methods_supported,
            token_endpoint_auth_methods_supported=token_endpoint_auth_methods_supported,
            revocation_endpoint_auth_methods_supported=revocation_endpoint_auth_methods_supported,
        )

        return get_authorization_server_metadata_response_200

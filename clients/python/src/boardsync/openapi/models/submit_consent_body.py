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

from ..models.submit_consent_body_decision import SubmitConsentBodyDecision
from ..models.submit_consent_body_grant_item import SubmitConsentBodyGrantItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="SubmitConsentBody")


@_attrs_define
class SubmitConsentBody:
    """
    Attributes:
        response_type (Literal['code']):
        client_id (str): The app’s client_id, shown when it was registered (16 characters of base64url).
        redirect_uri (str): Exactly one of the app’s registered redirect URIs.
        scope (str): Space-separated scopes: projects:read, projects:write, assets:read, assets:write, components:read,
            components:write, webhooks:write.
        code_challenge (str): base64url (no padding) of the SHA-256 of the code verifier: required of every app.
        code_challenge_method (Literal['S256']):
        csrf (str): The token the consent page carries: bound to the browser session that loaded it.
        decision (SubmitConsentBodyDecision):
        state (str | Unset): Any value: returned unchanged with the code; check it (anti-CSRF).
        grant (list[SubmitConsentBodyGrantItem] | Unset): The scopes left ticked: a subset of `scope`.
    """

    response_type: Literal["code"]
    client_id: str
    redirect_uri: str
    scope: str
    code_challenge: str
    code_challenge_method: Literal["S256"]
    csrf: str
    decision: SubmitConsentBodyDecision
    state: str | Unset = UNSET
    grant: list[SubmitConsentBodyGrantItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        response_type = self.response_type

        client_id = self.client_id

        redirect_uri = self.redirect_uri

        scope = self.scope

        code_challenge = self.code_challenge

        code_challenge_method = self.code_challenge_method

        csrf = self.csrf

        decision = self.decision.value

        state = self.state

        grant: list[str] | Unset = UNSET
        if not isinstance(self.grant, Unset):
            grant = []
            for grant_item_data in self.grant:
                grant_item = grant_item_data.value
                grant.append(grant_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "response_type": response_type,
                "client_id": client_id,
                "redirect_uri": redirect_uri,
                "scope": scope,
                "code_challenge": code_challenge,
                "code_challenge_method": code_challenge_method,
                "csrf": csrf,
                "decision": decision,
            }
        )
        if state is not UNSET:
            field_dict["state"] = state
        if grant is not UNSET:
            field_dict["grant"] = grant

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        response_type = cast(Literal["code"], d.pop("response_type"))
        if response_type != "code":
            raise ValueError(
                f"response_type must match const 'code', got '{response_type}'"
            )

        client_id = d.pop("client_id")

        redirect_uri = d.pop("redirect_uri")

        scope = d.pop("scope")

        code_challenge = d.pop("code_challenge")

        code_challenge_method = cast(Literal["S256"], d.pop("code_challenge_method"))
        if code_challenge_method != "S256":
            raise ValueError(
                f"code_challenge_method must match const 'S256', got '{code_challenge_method}'"
            )

        csrf = d.pop("csrf")

        decision = SubmitConsentBodyDecision(d.pop("decision"))

        state = d.pop("state", UNSET)

        _grant = d.pop("grant", UNSET)
        grant: list[SubmitConsentBodyGrantItem] | Unset = UNSET
        if _grant is not UNSET:
            grant = []
            for grant_item_data in _grant:
                grant_item = SubmitConsentBodyGrantItem(grant_item_data)

                grant.append(grant_item)

        submit_consent_body = cls(
            response_type=response_type,
            client_id=client_id,
            redirect_uri=redirect_uri,
            scope=scope,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
            csrf=csrf,
            decision=decision,
            state=state,
            grant=grant,
        )

        submit_consent_body.additional_properties = d
        return submit_consent_body

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

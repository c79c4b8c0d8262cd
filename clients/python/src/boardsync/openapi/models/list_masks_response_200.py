from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.mask_option import MaskOption


T = TypeVar("T", bound="ListMasksResponse200")


@_attrs_define
class ListMasksResponse200:
    """
    Attributes:
        card (list[MaskOption]): The values a card’s `card_mask_type` accepts.
        token (list[MaskOption]): The values a token’s `shape` accepts.
    """

    card: list[MaskOption]
    token: list[MaskOption]

    def to_dict(self) -> dict[str, Any]:
        card = []
        for card_item_data in self.card:
            card_item = card_item_data.to_dict()
            card.append(card_item)

        token = []
        for token_item_data in self.token:
            token_item = token_item_data.to_dict()
            token.append(token_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mask_option import MaskOption

        d = dict(src_dict)
        card = []
        _card = d.pop("card")
        for card_item_data in _card:
            card_item = MaskOption.from_dict(card_item_data)

            card.append(card_item)

        token = []
        _token = d.pop("token")
        for token_item_data in _token:
            token_item = MaskOption.from_dict(token_item_data)

            token.append(token_item)

        list_masks_response_200 = cls(
            card=card,
            token=token,
        )

        return list_masks_response_200

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateProjectBody")


@_attrs_define
class CreateProjectBody:
    """
    Attributes:
        name (str):
        short_description (None | str | Unset):
        description (None | str | Unset):
        player_count_min (int | None | Unset):
        player_count_max (int | None | Unset):
        playtime_minutes (int | None | Unset):
        min_age (int | None | Unset):
        genre (None | str | Unset):
        theme (None | str | Unset):
        primary_mechanic (None | str | Unset):
        edition (None | str | Unset):
        website_url (None | str | Unset):
        catalog_id (int | None | str | Unset):
    """

    name: str
    short_description: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    player_count_min: int | None | Unset = UNSET
    player_count_max: int | None | Unset = UNSET
    playtime_minutes: int | None | Unset = UNSET
    min_age: int | None | Unset = UNSET
    genre: None | str | Unset = UNSET
    theme: None | str | Unset = UNSET
    primary_mechanic: None | str | Unset = UNSET
    edition: None | str | Unset = UNSET
    website_url: None | str | Unset = UNSET
    catalog_id: int | None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        short_description: None | str | Unset
        if isinstance(self.short_description, Unset):
            short_description = UNSET
        else:
            short_description = self.short_description

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        player_count_min: int | None | Unset
        if isinstance(self.player_count_min, Unset):
            player_count_min = UNSET
        else:
            player_count_min = self.player_count_min

        player_count_max: int | None | Unset
        if isinstance(self.player_count_max, Unset):
            player_count_max = UNSET
        else:
            player_count_max = self.player_count_max

        playtime_minutes: int | None | Unset
        if isinstance(self.playtime_minutes, Unset):
            playtime_minutes = UNSET
        else:
            playtime_minutes = self.playtime_minutes

        min_age: int | None | Unset
        if isinstance(self.min_age, Unset):
            min_age = UNSET
        else:
            min_age = self.min_age

        genre: None | str | Unset
        if isinstance(self.genre, Unset):
            genre = UNSET
        else:
            genre = self.genre

        theme: None | str | Unset
        if isinstance(self.theme, Unset):
            theme = UNSET
        else:
            theme = self.theme

        primary_mechanic: None | str | Unset
        if isinstance(self.primary_mechanic, Unset):
            primary_mechanic = UNSET
        else:
            primary_mechanic = self.primary_mechanic

        edition: None | str | Unset
        if isinstance(self.edition, Unset):
            edition = UNSET
        else:
            edition = self.edition

        website_url: None | str | Unset
        if isinstance(self.website_url, Unset):
            website_url = UNSET
        else:
            website_url = self.website_url

        catalog_id: int | None | str | Unset
        if isinstance(self.catalog_id, Unset):
            catalog_id = UNSET
        else:
            catalog_id = self.catalog_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if short_description is not UNSET:
            field_dict["short_description"] = short_description
        if description is not UNSET:
            field_dict["description"] = description
        if player_count_min is not UNSET:
            field_dict["player_count_min"] = player_count_min
        if player_count_max is not UNSET:
            field_dict["player_count_max"] = player_count_max
        if playtime_minutes is not UNSET:
            field_dict["playtime_minutes"] = playtime_minutes
        if min_age is not UNSET:
            field_dict["min_age"] = min_age
        if genre is not UNSET:
            field_dict["genre"] = genre
        if theme is not UNSET:
            field_dict["theme"] = theme
        if primary_mechanic is not UNSET:
            field_dict["primary_mechanic"] = primary_mechanic
        if edition is not UNSET:
            field_dict["edition"] = edition
        if website_url is not UNSET:
            field_dict["website_url"] = website_url
        if catalog_id is not UNSET:
            field_dict["catalog_id"] = catalog_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_short_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        short_description = _parse_short_description(d.pop("short_description", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_player_count_min(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        player_count_min = _parse_player_count_min(d.pop("player_count_min", UNSET))

        def _parse_player_count_max(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        player_count_max = _parse_player_count_max(d.pop("player_count_max", UNSET))

        def _parse_playtime_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        playtime_minutes = _parse_playtime_minutes(d.pop("playtime_minutes", UNSET))

        def _parse_min_age(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_age = _parse_min_age(d.pop("min_age", UNSET))

        def _parse_genre(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        genre = _parse_genre(d.pop("genre", UNSET))

        def _parse_theme(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        theme = _parse_theme(d.pop("theme", UNSET))

        def _parse_primary_mechanic(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        primary_mechanic = _parse_primary_mechanic(d.pop("primary_mechanic", UNSET))

        def _parse_edition(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        edition = _parse_edition(d.pop("edition", UNSET))

        def _parse_website_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        website_url = _parse_website_url(d.pop("website_url", UNSET))

        def _parse_catalog_id(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        catalog_id = _parse_catalog_id(d.pop("catalog_id", UNSET))

        create_project_body = cls(
            name=name,
            short_description=short_description,
            description=description,
            player_count_min=player_count_min,
            player_count_max=player_count_max,
            playtime_minutes=playtime_minutes,
            min_age=min_age,
            genre=genre,
            theme=theme,
            primary_mechanic=primary_mechanic,
            edition=edition,
            website_url=website_url,
            catalog_id=catalog_id,
        )

        create_project_body.additional_properties = d
        return create_project_body

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

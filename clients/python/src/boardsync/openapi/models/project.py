from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Project")


@_attrs_define
class Project:
    """
    Attributes:
        id (int):
        name (str):
        short_description (None | str):
        description (None | str):
        is_locked (bool): A locked project refuses every write and does not count against the unlocked-project cap.
        player_count_min (int | None):
        player_count_max (int | None):
        playtime_minutes (int | None):
        min_age (int | None):
        genre (None | str):
        theme (None | str):
        primary_mechanic (None | str):
        edition (None | str):
        logo_url (None | str):
        backdrop_url (None | str):
        website_url (None | str):
        catalog_id (None | str): Always a string; an integer sent is stored as its decimal string.
        component_count (int):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: int
    name: str
    short_description: None | str
    description: None | str
    is_locked: bool
    player_count_min: int | None
    player_count_max: int | None
    playtime_minutes: int | None
    min_age: int | None
    genre: None | str
    theme: None | str
    primary_mechanic: None | str
    edition: None | str
    logo_url: None | str
    backdrop_url: None | str
    website_url: None | str
    catalog_id: None | str
    component_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        short_description: None | str
        short_description = self.short_description

        description: None | str
        description = self.description

        is_locked = self.is_locked

        player_count_min: int | None
        player_count_min = self.player_count_min

        player_count_max: int | None
        player_count_max = self.player_count_max

        playtime_minutes: int | None
        playtime_minutes = self.playtime_minutes

        min_age: int | None
        min_age = self.min_age

        genre: None | str
        genre = self.genre

        theme: None | str
        theme = self.theme

        primary_mechanic: None | str
        primary_mechanic = self.primary_mechanic

        edition: None | str
        edition = self.edition

        logo_url: None | str
        logo_url = self.logo_url

        backdrop_url: None | str
        backdrop_url = self.backdrop_url

        website_url: None | str
        website_url = self.website_url

        catalog_id: None | str
        catalog_id = self.catalog_id

        component_count = self.component_count

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "short_description": short_description,
                "description": description,
                "is_locked": is_locked,
                "player_count_min": player_count_min,
                "player_count_max": player_count_max,
                "playtime_minutes": playtime_minutes,
                "min_age": min_age,
                "genre": genre,
                "theme": theme,
                "primary_mechanic": primary_mechanic,
                "edition": edition,
                "logo_url": logo_url,
                "backdrop_url": backdrop_url,
                "website_url": website_url,
                "catalog_id": catalog_id,
                "component_count": component_count,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_short_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        short_description = _parse_short_description(d.pop("short_description"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        is_locked = d.pop("is_locked")

        def _parse_player_count_min(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        player_count_min = _parse_player_count_min(d.pop("player_count_min"))

        def _parse_player_count_max(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        player_count_max = _parse_player_count_max(d.pop("player_count_max"))

        def _parse_playtime_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        playtime_minutes = _parse_playtime_minutes(d.pop("playtime_minutes"))

        def _parse_min_age(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        min_age = _parse_min_age(d.pop("min_age"))

        def _parse_genre(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        genre = _parse_genre(d.pop("genre"))

        def _parse_theme(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        theme = _parse_theme(d.pop("theme"))

        def _parse_primary_mechanic(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        primary_mechanic = _parse_primary_mechanic(d.pop("primary_mechanic"))

        def _parse_edition(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        edition = _parse_edition(d.pop("edition"))

        def _parse_logo_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        logo_url = _parse_logo_url(d.pop("logo_url"))

        def _parse_backdrop_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        backdrop_url = _parse_backdrop_url(d.pop("backdrop_url"))

        def _parse_website_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        website_url = _parse_website_url(d.pop("website_url"))

        def _parse_catalog_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        catalog_id = _parse_catalog_id(d.pop("catalog_id"))

        component_count = d.pop("component_count")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        project = cls(
            id=id,
            name=name,
            short_description=short_description,
            description=description,
            is_locked=is_locked,
            player_count_min=player_count_min,
            player_count_max=player_count_max,
            playtime_minutes=playtime_minutes,
            min_age=min_age,
            genre=genre,
            theme=theme,
            primary_mechanic=primary_mechanic,
            edition=edition,
            logo_url=logo_url,
            backdrop_url=backdrop_url,
            website_url=website_url,
            catalog_id=catalog_id,
            component_count=component_count,
            created_at=created_at,
            updated_at=updated_at,
        )

        return project

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

from ..models.counter_input_facing_type_0 import CounterInputFacingType0
from ..models.counter_input_image_rotation_type_0 import CounterInputImageRotationType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="CounterInput")


@_attrs_define
class CounterInput:
    """A counter row. Fields the type does not honour are accepted and ignored.

    Attributes:
        name (str): The component’s name.
        unique_id (int | None | str | Unset): Your sync key: the first write creates, later writes with it update in
            place. Without one the row is matched on `name` and the service generates a key.
        quantity (int | None | str | Unset): Copies; blank or null is 1.
        description (None | str | Unset): Free text shown to the designer.
        notes (None | str | Unset): Private free text.
        size (int | None | str | Unset): Dice: the die type. Other types: a legacy free-text label, superseded by
            `phys_width_in` / `phys_height_in`.
        color (Literal[''] | None | str | Unset): Front colour, used when there is no artwork: `#rgb`, `#rrggbb` or
            `#rrggbbaa`.
        material (None | str | Unset): Free text.
        image_url (Literal[''] | None | str | Unset): Front artwork: any public URL or one an asset endpoint returned;
            null clears it. Blank or left out keeps a matched row’s artwork.
        image_rotation (CounterInputImageRotationType0 | None | str | Unset): Artwork rotation in degrees; blank or null
            is 0.
        facing (CounterInputFacingType0 | None | str | Unset): Which edge is up, in degrees; null leaves the tabletop
            default.
        phys_width_in (float | None | str | Unset): Physical width in inches; drives tabletop scale.
        phys_height_in (float | None | str | Unset): Physical height in inches; drives tabletop scale.
        weight_lbs (float | None | str | Unset): Weight per unit, in pounds.
        cost_per_unit (float | None | str | Unset): Cost per unit.
        playtest_scale_x (float | None | str | Unset): Fallback scale when no physical size is set.
        playtest_scale_y (float | None | str | Unset): Fallback scale when no physical size is set.
    """

    name: str
    unique_id: int | None | str | Unset = UNSET
    quantity: int | None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    size: int | None | str | Unset = UNSET
    color: Literal[""] | None | str | Unset = UNSET
    material: None | str | Unset = UNSET
    image_url: Literal[""] | None | str | Unset = UNSET
    image_rotation: CounterInputImageRotationType0 | None | str | Unset = UNSET
    facing: CounterInputFacingType0 | None | str | Unset = UNSET
    phys_width_in: float | None | str | Unset = UNSET
    phys_height_in: float | None | str | Unset = UNSET
    weight_lbs: float | None | str | Unset = UNSET
    cost_per_unit: float | None | str | Unset = UNSET
    playtest_scale_x: float | None | str | Unset = UNSET
    playtest_scale_y: float | None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        unique_id: int | None | str | Unset
        if isinstance(self.unique_id, Unset):
            unique_id = UNSET
        else:
            unique_id = self.unique_id

        quantity: int | None | str | Unset
        if isinstance(self.quantity, Unset):
            quantity = UNSET
        else:
            quantity = self.quantity

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        size: int | None | str | Unset
        if isinstance(self.size, Unset):
            size = UNSET
        else:
            size = self.size

        color: Literal[""] | None | str | Unset
        if isinstance(self.color, Unset):
            color = UNSET
        else:
            color = self.color

        material: None | str | Unset
        if isinstance(self.material, Unset):
            material = UNSET
        else:
            material = self.material

        image_url: Literal[""] | None | str | Unset
        if isinstance(self.image_url, Unset):
            image_url = UNSET
        else:
            image_url = self.image_url

        image_rotation: int | None | str | Unset
        if isinstance(self.image_rotation, Unset):
            image_rotation = UNSET
        elif isinstance(self.image_rotation, CounterInputImageRotationType0):
            image_rotation = self.image_rotation.value
        else:
            image_rotation = self.image_rotation

        facing: int | None | str | Unset
        if isinstance(self.facing, Unset):
            facing = UNSET
        elif isinstance(self.facing, CounterInputFacingType0):
            facing = self.facing.value
        else:
            facing = self.facing

        phys_width_in: float | None | str | Unset
        if isinstance(self.phys_width_in, Unset):
            phys_width_in = UNSET
        else:
            phys_width_in = self.phys_width_in

        phys_height_in: float | None | str | Unset
        if isinstance(self.phys_height_in, Unset):
            phys_height_in = UNSET
        else:
            phys_height_in = self.phys_height_in

        weight_lbs: float | None | str | Unset
        if isinstance(self.weight_lbs, Unset):
            weight_lbs = UNSET
        else:
            weight_lbs = self.weight_lbs

        cost_per_unit: float | None | str | Unset
        if isinstance(self.cost_per_unit, Unset):
            cost_per_unit = UNSET
        else:
            cost_per_unit = self.cost_per_unit

        playtest_scale_x: float | None | str | Unset
        if isinstance(self.playtest_scale_x, Unset):
            playtest_scale_x = UNSET
        else:
            playtest_scale_x = self.playtest_scale_x

        playtest_scale_y: float | None | str | Unset
        if isinstance(self.playtest_scale_y, Unset):
            playtest_scale_y = UNSET
        else:
            playtest_scale_y = self.playtest_scale_y

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if unique_id is not UNSET:
            field_dict["unique_id"] = unique_id
        if quantity is not UNSET:
            field_dict["quantity"] = quantity
        if description is not UNSET:
            field_dict["description"] = description
        if notes is not UNSET:
            field_dict["notes"] = notes
        if size is not UNSET:
            field_dict["size"] = size
        if color is not UNSET:
            field_dict["color"] = color
        if material is not UNSET:
            field_dict["material"] = material
        if image_url is not UNSET:
            field_dict["image_url"] = image_url
        if image_rotation is not UNSET:
            field_dict["image_rotation"] = image_rotation
        if facing is not UNSET:
            field_dict["facing"] = facing
        if phys_width_in is not UNSET:
            field_dict["phys_width_in"] = phys_width_in
        if phys_height_in is not UNSET:
            field_dict["phys_height_in"] = phys_height_in
        if weight_lbs is not UNSET:
            field_dict["weight_lbs"] = weight_lbs
        if cost_per_unit is not UNSET:
            field_dict["cost_per_unit"] = cost_per_unit
        if playtest_scale_x is not UNSET:
            field_dict["playtest_scale_x"] = playtest_scale_x
        if playtest_scale_y is not UNSET:
            field_dict["playtest_scale_y"] = playtest_scale_y

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_unique_id(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        unique_id = _parse_unique_id(d.pop("unique_id", UNSET))

        def _parse_quantity(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        quantity = _parse_quantity(d.pop("quantity", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_size(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        size = _parse_size(d.pop("size", UNSET))

        def _parse_color(data: object) -> Literal[""] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            color_type_1 = cast(Literal[""], data)
            if color_type_1 != "":
                raise ValueError(
                    f"color_type_1 must match const '', got '{color_type_1}'"
                )
            return color_type_1
            return cast(Literal[""] | None | str | Unset, data)

        color = _parse_color(d.pop("color", UNSET))

        def _parse_material(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        material = _parse_material(d.pop("material", UNSET))

        def _parse_image_url(data: object) -> Literal[""] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            image_url_type_1 = cast(Literal[""], data)
            if image_url_type_1 != "":
                raise ValueError(
                    f"image_url_type_1 must match const '', got '{image_url_type_1}'"
                )
            return image_url_type_1
            return cast(Literal[""] | None | str | Unset, data)

        image_url = _parse_image_url(d.pop("image_url", UNSET))

        def _parse_image_rotation(
            data: object,
        ) -> CounterInputImageRotationType0 | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                image_rotation_type_0 = CounterInputImageRotationType0(data)

                return image_rotation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CounterInputImageRotationType0 | None | str | Unset, data)

        image_rotation = _parse_image_rotation(d.pop("image_rotation", UNSET))

        def _parse_facing(data: object) -> CounterInputFacingType0 | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                facing_type_0 = CounterInputFacingType0(data)

                return facing_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CounterInputFacingType0 | None | str | Unset, data)

        facing = _parse_facing(d.pop("facing", UNSET))

        def _parse_phys_width_in(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        phys_width_in = _parse_phys_width_in(d.pop("phys_width_in", UNSET))

        def _parse_phys_height_in(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        phys_height_in = _parse_phys_height_in(d.pop("phys_height_in", UNSET))

        def _parse_weight_lbs(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        weight_lbs = _parse_weight_lbs(d.pop("weight_lbs", UNSET))

        def _parse_cost_per_unit(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        cost_per_unit = _parse_cost_per_unit(d.pop("cost_per_unit", UNSET))

        def _parse_playtest_scale_x(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        playtest_scale_x = _parse_playtest_scale_x(d.pop("playtest_scale_x", UNSET))

        def _parse_playtest_scale_y(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        playtest_scale_y = _parse_playtest_scale_y(d.pop("playtest_scale_y", UNSET))

        counter_input = cls(
            name=name,
            unique_id=unique_id,
            quantity=quantity,
            description=description,
            notes=notes,
            size=size,
            color=color,
            material=material,
            image_url=image_url,
            image_rotation=image_rotation,
            facing=facing,
            phys_width_in=phys_width_in,
            phys_height_in=phys_height_in,
            weight_lbs=weight_lbs,
            cost_per_unit=cost_per_unit,
            playtest_scale_x=playtest_scale_x,
            playtest_scale_y=playtest_scale_y,
        )

        counter_input.additional_properties = d
        return counter_input

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

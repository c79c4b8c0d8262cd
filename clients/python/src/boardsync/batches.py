"""Any number of component rows of one type, in batches of at most 500, with one result for all."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import quote

from .errors import BatchWriteError, BoardsyncError
from .openapi.api.components import list_components
from .openapi.client import AuthenticatedClient
from .openapi.models.list_components_type import ListComponentsType
from .pagination import paginate

#: docs/rules.md "Limits": at most 500 rows, one type, per call.
MAX_BATCH_ROWS = 500

Row = Mapping[str, Any]
Progress = Callable[[int, int], None]


def write_components(
    api: AuthenticatedClient,
    own_source: Callable[[], str],
    project: int,
    component_type: str,
    rows: Sequence[Any],
    *,
    remove_missing: bool = False,
    match_by_name: bool = False,
    internalize_images: bool = False,
    batch_size: int = MAX_BATCH_ROWS,
    on_progress: Progress | None = None,
) -> dict[str, Any]:
    """Up to one batch, ``remove_missing`` goes to the API as it is (one transaction, one event). Beyond,
    no single call names every row, so this app's components of the type that no batch wrote are
    deleted by their ``unique_id`` after the last batch. Rows are dicts or the generated row models."""
    if not 1 <= batch_size <= MAX_BATCH_ROWS:
        raise ValueError(f"batch_size must be from 1 to {MAX_BATCH_ROWS}")
    plain = [row.to_dict() if hasattr(row, "to_dict") else dict(row) for row in rows]
    in_one_call = len(plain) <= batch_size
    flags = {"type": component_type, "match_by_name": match_by_name, "internalize_images": internalize_images}
    total = _empty_result()
    # An empty list is still one call: with remove_missing it removes every row this app wrote.
    for start in range(0, max(len(plain), 1), batch_size):
        batch = plain[start : start + batch_size]
        body = {**flags, "components": batch, **({"remove_missing": remove_missing} if in_one_call else {})}
        request = api.get_httpx_client().build_request("POST", f"/api/v1/projects/{project}/components/batch", json=body)
        try:
            response = api.get_httpx_client().send(request)
        except BoardsyncError as refused:
            if in_one_call:
                raise
            raise BatchWriteError(total, start, refused) from refused
        total = _merged(total, response.json(), start)
        if on_progress is not None:
            on_progress(min(start + batch_size, len(plain)), len(plain))
    if remove_missing and not in_one_call:
        total["deleted"] += _remove_unwritten(api, own_source(), project, component_type, total)
    return total


def _remove_unwritten(api: AuthenticatedClient, source: str, project: int, component_type: str, written: dict[str, Any]) -> int:
    kept = {component["id"] for component in written["components"]}
    rows = paginate(list_components.sync_detailed, client=api, project=project, type_=ListComponentsType(component_type), per_page=200)
    doomed = [row.unique_id for row in rows if row.source == source and row.id not in kept]
    # Checked before deleting any, so that nothing is half done: such a key is no path segment.
    unaddressable = [key for key in doomed if "/" in key or "\\" in key or key in (".", "..")]
    if unaddressable:
        raise ValueError(
            f"remove_missing over more than one batch deletes by unique_id, and {unaddressable!r} cannot be one path segment; "
            "delete them with DELETE components?type= or send every row in one batch"
        )
    for key in doomed:
        try:
            api.get_httpx_client().delete(f"/api/v1/projects/{project}/components/{quote(key, safe='')}")
        except BoardsyncError as refused:
            # Gone already (another run removed it) is what was wanted.
            if refused.status != 404:
                raise
    return len(doomed)


def _empty_result() -> dict[str, Any]:
    return {"created": 0, "updated": 0, "deleted": 0, "errors": [], "kept_artwork": [], "components": [], "internalizing": False}


def _merged(total: dict[str, Any], batch: dict[str, Any], first_row: int) -> dict[str, Any]:
    return {
        "created": total["created"] + batch["created"],
        "updated": total["updated"] + batch["updated"],
        "deleted": total["deleted"] + batch["deleted"],
        "errors": total["errors"] + [{**error, "index": error["index"] + first_row} for error in batch["errors"]],
        "kept_artwork": total["kept_artwork"] + batch["kept_artwork"],
        "components": total["components"] + batch["components"],
        "internalizing": total["internalizing"] or batch["internalizing"],
    }

"""Every row of a paginated list (docs/rules.md "Pagination": ``data``, ``links``, ``meta``; follow ``links.next``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx

from .refusals import refusal


def paginate(operation: Callable[..., Any], /, **arguments: Any) -> Iterator[Any]:
    """Calls a generated list operation's ``sync_detailed`` page by page and yields each row, until
    ``links.next`` is null: ``for card in paginate(list_components.sync_detailed, client=api, project=7)``.
    Each next page is the one ``links.next`` names; a refused page raises :class:`BoardsyncError`."""
    page = arguments.pop("page", 1)
    while True:
        answer = operation(page=page, **arguments)
        if int(answer.status_code) != 200:
            raise refusal(httpx.Response(int(answer.status_code), headers=dict(answer.headers), content=answer.content))
        yield from answer.parsed.data
        following = answer.parsed.links.next_
        if not isinstance(following, str):
            return
        page = int(parse_qs(urlsplit(following).query).get("page", [str(page + 1)])[0])

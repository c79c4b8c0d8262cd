"""The running system these tests call, as a tool would: its gateway's URL and a personal token
holding every scope, from the environment (the jest suite that starts the system sets both)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from boardsync import BoardsyncClient


@pytest.fixture(scope="session")
def base_url() -> str:
    url = os.environ.get("BOARDSYNC_URL")
    if not url:
        pytest.fail("BOARDSYNC_URL is not set: these tests call a running boardsync")
    return url


@pytest.fixture(scope="session")
def token() -> str:
    value = os.environ.get("BOARDSYNC_TOKEN")
    if not value:
        pytest.fail("BOARDSYNC_TOKEN is not set: a personal token with every scope")
    return value


@pytest.fixture
def client(base_url: str, token: str) -> Iterator[BoardsyncClient]:
    with BoardsyncClient(base_url, token, timeout=20) as connected:
        yield connected

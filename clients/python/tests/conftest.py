"""Starts the real server binary once per test session.

The binary is $TABLERO_BIN, else ../../target/debug/tablero relative to this package. Its first
stdout line is `tablero listening on HOST:PORT (store: memory)`. The server knows one API key,
made afresh per session, with every scope: the ``tablero`` fixture is that backend (it chooses
seeds), ``player`` connects without a key.
"""

from __future__ import annotations

import hashlib
import os
import queue
import secrets
import re
import subprocess
import threading
from pathlib import Path

import pytest

from tablero import Tablero

PACKAGE_DIR = Path(__file__).resolve().parents[1]
STARTUP_TIMEOUT_S = 30


def server_binary() -> Path:
    env = os.environ.get("TABLERO_BIN")
    path = Path(env) if env else (PACKAGE_DIR / "../../target/debug/tablero").resolve()
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise RuntimeError(
            f"tablero server binary not found at {path}: build it (cargo build -p tablero) "
            "or set TABLERO_BIN"
        )
    return path


@pytest.fixture(scope="session")
def api_key() -> str:
    return "tbk_test_" + secrets.token_hex(24)


def key_entries(key: str) -> str:
    """The server's key list (TOML) holding ``key`` with every scope, stored as its SHA-256."""
    sha256 = hashlib.sha256(key.encode()).hexdigest()
    return (
        f'[[key]]\nname = "python-tests"\nsha256 = "{sha256}"\n'
        'scopes = ["create", "setup", "list", "delete", "seats"]\n'
    )


@pytest.fixture(scope="session")
def server_addr(tmp_path_factory: pytest.TempPathFactory, api_key: str):
    stderr_path = tmp_path_factory.mktemp("server") / "stderr.log"
    env = {k: v for k, v in os.environ.items() if k != "TABLERO_API_KEYS_FILE"}
    env["TABLERO_API_KEYS"] = key_entries(api_key)
    with open(stderr_path, "wb") as stderr:
        proc = subprocess.Popen(
            [str(server_binary()), "--listen", "127.0.0.1:0"],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        # Keeps draining stdout so the server never blocks on a full pipe.
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put("")

    pumper = threading.Thread(target=pump, name="tablero-stdout", daemon=True)
    pumper.start()
    try:
        try:
            first = lines.get(timeout=STARTUP_TIMEOUT_S)
        except queue.Empty:
            first = ""
        m = re.search(r"listening on (\S+:\d+)", first)
        if not m:
            raise RuntimeError(
                f"server did not report its address (first line {first!r}); "
                f"stderr: {stderr_path.read_text(errors='replace')[-2000:]}"
            )
        yield m.group(1)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        pumper.join(timeout=5)
        if proc.stdout is not None:
            proc.stdout.close()


@pytest.fixture(scope="session")
def tablero(server_addr: str, api_key: str):
    """A backend: every call carries the test API key."""
    with Tablero(server_addr, timeout=30, api_key=api_key) as client:
        yield client


@pytest.fixture(scope="session")
def player(server_addr: str):
    """A player's app: no API key."""
    with Tablero(server_addr, timeout=30) as client:
        yield client

"""Starts the real server binary once per test session.

The binary is $TABLERO_BIN, else ../../target/debug/tablero relative to this package. Its first
stdout line is `tablero listening on HOST:PORT (store: memory)`. The server knows one API key,
made afresh per session, with the scopes in ``SCOPES``: the ``tablero`` fixture is that backend
(it chooses seeds), ``player`` connects without a key. The feed tests start a second server
(``feed_server``) whose key may also follow the change feed and list webhook deliveries.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import hashlib
import http.server
import os
import queue
import secrets
import socket
import struct
import re
import subprocess
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from standardwebhooks import Webhook, WebhookVerificationError

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


#: The scopes of the tests' key unless a test asks for more.
SCOPES = ("create", "setup", "list", "delete", "seats")


def key_entries(key: str, scopes: Iterable[str] = SCOPES) -> str:
    """The server's key list (TOML) holding ``key`` with ``scopes``, stored as its SHA-256."""
    sha256 = hashlib.sha256(key.encode()).hexdigest()
    listed = ", ".join(f'"{s}"' for s in scopes)
    return f'[[key]]\nname = "python-tests"\nsha256 = "{sha256}"\nscopes = [{listed}]\n'


@contextlib.contextmanager
def running_server(stderr_path: Path, entries: str, args: Iterable[str] = ()) -> Iterator[str]:
    """Runs the server (with ``args``) knowing the key ``entries`` and yields its address
    (HOST:PORT)."""
    env = {k: v for k, v in os.environ.items() if k != "TABLERO_API_KEYS_FILE"}
    env["TABLERO_API_KEYS"] = entries
    with open(stderr_path, "wb") as stderr:
        proc = subprocess.Popen(
            [str(server_binary()), "--listen", "127.0.0.1:0", *args],
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
def server_addr(tmp_path_factory: pytest.TempPathFactory, api_key: str):
    stderr_path = tmp_path_factory.mktemp("server") / "stderr.log"
    with running_server(stderr_path, key_entries(api_key)) as addr:
        yield addr


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


class TcpProxy:
    """A TCP proxy in front of the server whose connections a test can cut, as a lost network or
    a replica going away would: a client behind it sees its calls fail with UNAVAILABLE."""

    def __init__(self, target: str) -> None:
        host, port = target.rsplit(":", 1)
        self._target = (host, int(port))
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.addr = f"127.0.0.1:{self._listener.getsockname()[1]}"
        #: Connections accepted so far.
        self.accepted = 0
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, name="proxy-accept", daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # closed
            upstream = socket.create_connection(self._target)
            with self._lock:
                self.accepted += 1
                self._open.update((client, upstream))
            for src, dst in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(src, dst), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            self._drop(src)
            self._drop(dst)

    def _drop(self, s: socket.socket) -> None:
        with self._lock:
            self._open.discard(s)
        try:
            # No lingering: the peer gets a reset, as from a dead network.
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.shutdown(socket.SHUT_RDWR)  # wakes the pump blocked on it
        except OSError:
            pass
        s.close()

    def cut(self) -> None:
        """Closes every open connection at once (the listener stays, so clients reconnect)."""
        with self._lock:
            sockets = list(self._open)
        for s in sockets:
            self._drop(s)

    def close(self) -> None:
        self._listener.close()
        self.cut()


def whsec() -> str:
    """A fresh Standard Webhooks secret: ``whsec_`` and the base64 of a 32-byte key."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


@dataclasses.dataclass(frozen=True)
class Hook:
    """One POST the receiver got: its headers (lower-case names), its body, and why it did not
    verify under each of the receiver's secrets alone (empty string: it did)."""

    headers: dict[str, str]
    body: bytes
    refused: tuple[str, ...]

    @property
    def verified(self) -> bool:
        return not any(self.refused)


class HookReceiver:
    """A webhook receiver on a free loopback port. The endpoint has two secrets, as while one is
    rotated (``secrets``: the new one, then the old); the receiver verifies every POST with the
    Standard Webhooks library under each secret alone, as a receiver still on the old secret and
    one already on the new would. It keeps every POST and answers 204 when both verified, else
    401."""

    def __init__(self) -> None:
        self.secrets = (whsec(), whsec())
        verifiers = [Webhook(s) for s in self.secrets]
        self.received: list[Hook] = []
        received = self.received

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the stdlib's name)
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                headers = {k.lower(): v for k, v in self.headers.items()}
                refused = []
                for verifier in verifiers:
                    try:
                        verifier.verify(body, headers)
                        refused.append("")
                    except WebhookVerificationError as e:
                        refused.append(str(e) or type(e).__name__)
                hook = Hook(headers, body, tuple(refused))
                received.append(hook)
                self.send_response(204 if hook.verified else 401)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/hook"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def with_id(self, webhook_id: str) -> list[Hook]:
        """The POSTs that came with this ``webhook-id``, in the order they came."""
        return [h for h in list(self.received) if h.headers.get("webhook-id") == webhook_id]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture(scope="session")
def hook_receiver():
    receiver = HookReceiver()
    yield receiver
    receiver.close()


@pytest.fixture(scope="session")
def feed_server(tmp_path_factory: pytest.TempPathFactory, hook_receiver: HookReceiver):
    """A server of its own whose key also has the ``feed`` and ``webhooks`` scopes, with one
    webhook endpoint (``tests``: games created, to ``hook_receiver``, signed with both of its
    secrets): (address, key). Its feed holds only what the feed tests do."""
    key = "tbk_test_" + secrets.token_hex(24)
    tmp = tmp_path_factory.mktemp("feed-server")
    endpoints = tmp / "webhooks.toml"
    endpoints.write_text(
        f'[[endpoint]]\nname = "tests"\nurl = "{hook_receiver.url}"\n'
        f'secrets = ["{hook_receiver.secrets[0]}", "{hook_receiver.secrets[1]}"]\n'
        'kinds = ["game_created"]\n'
    )
    entries = key_entries(key, (*SCOPES, "feed", "webhooks"))
    with running_server(tmp / "stderr.log", entries, ("--webhooks", str(endpoints))) as addr:
        yield addr, key


@pytest.fixture
def feed_proxy(feed_server: tuple[str, str]):
    """A :class:`TcpProxy` in front of ``feed_server``."""
    proxy = TcpProxy(feed_server[0])
    yield proxy
    proxy.close()

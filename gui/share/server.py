"""GUI layer (no Qt): the players' page served on the local network, live.

:class:`ShareServer` runs an aiohttp server on a background thread with its own event loop, on
one address and port: the page (``resources/share/index.html``), its script, the current public
state as JSON and a Server-Sent Events stream that pushes every new state. It never changes
anything: the only way in is :meth:`ShareServer.publish`, called by the app (or the command
line) with the JSON of :func:`rules.encounter.public_view.public_view`.

A LAN is not a trusted place, so every request is checked in this order: the method (GET and
HEAD only, else 405), the Host header (the address served and nothing else, against DNS
rebinding; else 421), the token in the path (``/s/<token>/``, at least 128 random bits,
compared in constant time; else 403). Every answer carries a strict Content-Security-Policy
(only the page's own script and its own inline style, by hash), ``Referrer-Policy:
no-referrer``, ``X-Content-Type-Options: nosniff`` and ``Cache-Control: no-store``. Clients are
capped; each has a bounded queue, and one that does not keep up is dropped, so a sleeping phone
never holds up the GM's window (``publish`` only schedules work on the server's loop).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import ipaddress
import re
import secrets
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web

from storage.bundled import bundled_path

TOKEN_BYTES = 24
"""Random bytes in a link's token: 192 bits (the issue asks for at least 128)."""
MAX_CLIENTS = 32
QUEUE_SIZE = 8
WRITE_TIMEOUT = 20.0
"""Seconds one write to a client may take before the client counts as stalled and is dropped."""
HEARTBEAT = 15.0
"""Seconds between keep-alive comments, so the page notices a dead connection and reconnects."""
RETRY_MS = 2000
ALLOWED_METHODS = ("GET", "HEAD")
_STYLE = re.compile(r"<style>(.*?)</style>", re.DOTALL)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def page_files() -> tuple[str, bytes]:
    """The page and its script, as bundled (``resources/share/``)."""
    folder = bundled_path("share")
    html = (folder / "index.html").read_text(encoding="utf-8")
    script = (folder / "share.js").read_bytes()
    return html, script


def style_hash(html: str) -> str:
    """The CSP source of the page's one inline style block (``'sha256-...'``)."""
    match = _STYLE.search(html)
    body = match.group(1) if match else ""
    digest = hashlib.sha256(body.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def host_names(host: str, port: int) -> frozenset[str]:
    """The Host header values a request may carry: the address served (with its port; an IPv6
    address in brackets), and ``localhost`` when that is the loopback address."""
    literal = f"[{host}]" if ":" in host else host
    names = {f"{literal}:{port}".lower()}
    try:
        if ipaddress.ip_address(host).is_loopback:
            names.add(f"localhost:{port}")
    except ValueError:
        pass
    return frozenset(names)


def security_headers(csp_style: str) -> dict[str, str]:
    """The headers every answer carries."""
    csp = (
        "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; "
        f"style-src {csp_style}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return {
        "Content-Security-Policy": csp,
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
        "Cache-Control": "no-store",
    }


def sse_message(data: str) -> bytes:
    """One Server-Sent Events message carrying ``data`` (one JSON line)."""
    lines = data.splitlines() or [""]
    return ("".join(f"data: {line}\n" for line in lines) + "\n").encode("utf-8")


@dataclass(eq=False)
class _Client:
    """One connected page: its queue of messages and the token it came with."""

    token: str
    queue: asyncio.Queue[bytes | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_SIZE))
    task: asyncio.Task[object] | None = None


class ShareServer:
    """The players' page on one address and port, on a thread of its own.

    Args:
        host: The address to listen on: one of the machine's (never all of them at once).
        port: The port (0: any free one; :attr:`port` says which after :meth:`start`).
        max_clients: Pages connected at once at most (more get 503).
        queue_size: Messages waiting for one page at most; a page further behind is dropped.
        token: The link's token (None: a new random one); given, it serves a link handed out
            before (a restarted share), and must be as long as a new one.
    """

    def __init__(
        self,
        host: str,
        port: int = 0,
        *,
        max_clients: int = MAX_CLIENTS,
        queue_size: int = QUEUE_SIZE,
        token: str | None = None,
    ) -> None:
        if host in ("", "0.0.0.0", "::"):
            raise ValueError("share on one of the machine's addresses, not on all of them")
        ipaddress.ip_address(host)  # an address, not a name (ValueError)
        self.host = host
        self.port = port
        self.max_clients = max_clients
        self.queue_size = queue_size
        fresh = secrets.token_urlsafe(TOKEN_BYTES)
        if token is not None and len(token) < len(fresh):
            raise ValueError("a link's token must be at least as long as a new one")
        self._token = token if token is not None else fresh
        self._latest = "{}"
        self._clients: set[_Client] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._stopped = threading.Event()
        self.dropped = 0
        """Clients dropped for falling behind (for the GM's dialog and the tests)."""
        html, self._script = page_files()
        self._html = html.encode("utf-8")
        self._headers = security_headers(style_hash(html))
        self._hosts: frozenset[str] = frozenset()

    # -- the GUI thread's side ------------------------------------------------------------------

    @property
    def token(self) -> str:
        """The current link's token."""
        return self._token

    @property
    def url(self) -> str:
        """The link to give the players (with its token)."""
        literal = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{literal}:{self.port}/s/{self._token}/"

    @property
    def running(self) -> bool:
        """Whether the server is serving."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def client_count(self) -> int:
        """Pages connected now."""
        return len(self._clients)

    def start(self) -> None:
        """Bind and start serving on a background thread; returns once bound.

        Raises:
            OSError: the address or port cannot be used (taken, not this machine's).
        """
        if self.running:
            return
        ready = threading.Event()
        failure: list[BaseException] = []
        self._stopped.clear()
        self._thread = threading.Thread(
            target=self._run, args=(ready, failure), name="fatesmith-share", daemon=True
        )
        self._thread.start()
        ready.wait()
        if failure:
            self._thread.join()
            self._thread = None
            raise failure[0]

    def stop(self) -> None:
        """Disconnect every page and stop serving (waits for the thread to end)."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        if not loop.is_closed():
            loop.call_soon_threadsafe(loop.stop)
        thread.join()
        self._thread = None

    def publish(self, state_json: str) -> None:
        """Push a new public state to every page (from any thread; never waits for a page)."""
        self._latest = state_json
        loop = self._loop
        if loop is not None and self.running and not loop.is_closed():
            loop.call_soon_threadsafe(self._broadcast, sse_message(state_json))

    def new_token(self) -> str:
        """A new link: the old token stops working at once and its pages are disconnected."""
        old = self._token
        self._token = secrets.token_urlsafe(TOKEN_BYTES)
        loop = self._loop
        if loop is not None and self.running and not loop.is_closed():
            loop.call_soon_threadsafe(self._revoke, old)
        return self._token

    # -- the server thread ----------------------------------------------------------------------

    def _run(self, ready: threading.Event, failure: list[BaseException]) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        runner = web.AppRunner(
            self.make_app(), access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        try:
            loop.run_until_complete(runner.setup())
            site = web.TCPSite(runner, self.host, self.port)
            loop.run_until_complete(site.start())
        except BaseException as exc:  # handed to start()'s caller
            failure.append(exc)
            loop.run_until_complete(runner.cleanup())
            loop.close()
            ready.set()
            return
        self._runner = runner
        self.port = int(runner.addresses[0][1])
        self._hosts = host_names(self.host, self.port)
        ready.set()
        try:
            loop.run_forever()
        finally:
            # every stream ends before the server does, then anything left is finished off:
            # nothing of the loop outlives it
            for client in list(self._clients):
                self._drop(client)
            loop.run_until_complete(runner.cleanup())
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()
            self._clients.clear()

    def make_app(self) -> web.Application:
        """The aiohttp application: the checks, then the page, script, state and stream."""
        app = web.Application(middlewares=[self._guard], client_max_size=1024)
        app.router.add_route("*", "/{tail:.*}", self._route)
        app.on_response_prepare.append(self._add_headers)
        return app

    async def _add_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(self._headers)

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method not in ALLOWED_METHODS:
            return web.Response(
                status=405, text="read-only: GET and HEAD only\n", headers={"Allow": "GET, HEAD"}
            )
        host = request.headers.get("Host", "").lower()
        if host not in self._hosts:
            return web.Response(status=421, text="wrong host name\n")
        parts = request.path.split("/")
        # "/s/<token>/<file>" splits into "", "s", token, file
        if len(parts) < 3 or parts[1] != "s" or not _same(parts[2], self._token):
            return web.Response(status=403, text="this link is not (or no longer) valid\n")
        return await handler(request)

    async def _route(self, request: web.Request) -> web.StreamResponse:
        rest = "/".join(request.path.split("/")[3:])
        if rest == "" and not request.path.endswith("/"):
            raise web.HTTPFound(f"/s/{self._token}/")
        if rest == "":
            return web.Response(body=self._html, content_type="text/html", charset="utf-8")
        if rest == "share.js":
            return web.Response(body=self._script, content_type="text/javascript", charset="utf-8")
        if rest == "state.json":
            return web.Response(text=self._latest, content_type="application/json")
        if rest == "events":
            return await self._events(request)
        return web.Response(status=404, text="not found\n")

    async def _events(self, request: web.Request) -> web.StreamResponse:
        if len(self._clients) >= self.max_clients:
            return web.Response(
                status=503, text="too many players' pages open\n", headers={"Retry-After": "10"}
            )
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no"}
        )
        await response.prepare(request)
        if request.method == "HEAD":
            return response
        client = _Client(self._token, asyncio.Queue(self.queue_size))
        client.task = asyncio.current_task()
        self._clients.add(client)
        try:
            first = f"retry: {RETRY_MS}\n".encode() + sse_message(self._latest)
            await asyncio.wait_for(response.write(first), WRITE_TIMEOUT)
            while True:
                try:
                    message = await asyncio.wait_for(client.queue.get(), HEARTBEAT)
                except TimeoutError:
                    message = b"event: ping\ndata: \n\n"
                if message is None:  # revoked, or the server is stopping
                    break
                await asyncio.wait_for(response.write(message), WRITE_TIMEOUT)
        except (ConnectionError, TimeoutError):
            self.dropped += 1
        finally:
            self._clients.discard(client)
        response.force_close()  # the stream's end closes the connection: no keep-alive
        return response

    def _broadcast(self, message: bytes) -> None:
        for client in list(self._clients):
            try:
                client.queue.put_nowait(message)
            except asyncio.QueueFull:  # a page that does not keep up: dropped, never waited on
                self.dropped += 1
                self._drop(client, stalled=True)

    def _revoke(self, token: str) -> None:
        for client in list(self._clients):
            if client.token == token:
                self._drop(client)

    def _drop(self, client: _Client, *, stalled: bool = False) -> None:
        """End a page's stream: a stalled one (stuck writing) at once, any other after what
        it is sending now (its queue emptied, then the end)."""
        self._clients.discard(client)
        if stalled:
            if client.task is not None and not client.task.done():
                client.task.cancel()
            return
        while not client.queue.empty():
            client.queue.get_nowait()
        client.queue.put_nowait(None)


def _same(given: str, token: str) -> bool:
    """The token check, in constant time (for tokens of the same length)."""
    return hmac.compare_digest(given.encode("utf-8"), token.encode("utf-8"))

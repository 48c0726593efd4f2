"""The players' page server (issue #28): every safety point of the issue, against the real
server on its own thread, over real sockets on 127.0.0.1.

Read-only (GET and HEAD, else 405), a Host allow-list (421), the token (403 without it or with
a revoked one; at least 128 bits, compared in constant time), strict headers, a cap on clients,
bounded queues with stalled clients dropped, and live pushes.
"""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Callable, Iterator

import pytest

from gui.share import server as server_module
from gui.share.server import ShareServer, host_names, sse_message, style_hash


def wait_for(condition: Callable[[], bool], what: str, limit: float = 20.0) -> None:
    """Wait until ``condition`` holds (a safety limit, not a measured time)."""
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.01)


@pytest.fixture
def served() -> Iterator[ShareServer]:
    server = ShareServer("127.0.0.1", 0, max_clients=3, queue_size=4)
    server.start()
    server.publish(json.dumps({"title": "Dockside", "participants": []}))
    yield server
    server.stop()


def request(
    server: ShareServer,
    path: str,
    method: str = "GET",
    host: str | None = None,
    body: bytes | None = None,
) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.putrequest(method, path, skip_host=True)
    conn.putheader("Host", host if host is not None else f"127.0.0.1:{server.port}")
    if body is not None:
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response


def page(server: ShareServer, rest: str = "") -> str:
    return f"/s/{server.token}/{rest}"


def test_the_page_script_and_state_are_served_with_the_token(served: ShareServer) -> None:
    assert served.url == f"http://127.0.0.1:{served.port}/s/{served.token}/"
    html = request(served, page(served))
    assert html.status == 200 and html.getheader("Content-Type").startswith("text/html")
    script = request(served, page(served, "share.js"))
    assert script.status == 200 and script.getheader("Content-Type").startswith("text/javascript")
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    conn.request("GET", page(served, "state.json"))
    state = conn.getresponse()
    assert state.status == 200 and json.loads(state.read())["title"] == "Dockside"
    conn.close()


def test_the_token_is_long_random_and_new_for_each_server() -> None:
    one, two = ShareServer("127.0.0.1"), ShareServer("127.0.0.1")
    assert one.token != two.token
    assert len(one.token) * 6 >= 128 and server_module.TOKEN_BYTES * 8 >= 128


@pytest.mark.parametrize(
    "path",
    ["/", "/index.html", "/share.js", "/s/", "/s//", "/s/wrong/", "/s/wrong/events"],
)
def test_without_the_token_403(served: ShareServer, path: str) -> None:
    assert request(served, path).status == 403


def test_a_wrong_token_of_the_right_length_403_and_the_check_is_constant_time(
    served: ShareServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong = served.token[:-1] + ("A" if served.token[-1] != "A" else "B")
    assert request(served, f"/s/{wrong}/").status == 403
    compared: list[tuple[bytes, bytes]] = []
    real = server_module.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(server_module.hmac, "compare_digest", spy)
    assert request(served, page(served)).status == 200
    assert compared == [(served.token.encode(), served.token.encode())]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
def test_read_only_405(served: ShareServer, method: str) -> None:
    response = request(served, page(served, "state.json"), method=method, body=b"{}")
    assert response.status == 405 and response.getheader("Allow") == "GET, HEAD"


def test_head_answers_without_a_body(served: ShareServer) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    conn.request("HEAD", page(served))
    response = conn.getresponse()
    assert response.status == 200 and response.read() == b""
    conn.close()


@pytest.mark.parametrize(
    "host",
    ["evil.example:{port}", "127.0.0.1", "127.0.0.1:1", "attacker.test", "", "192.168.1.9:{port}"],
)
def test_other_host_names_are_refused_against_dns_rebinding(served: ShareServer, host: str) -> None:
    response = request(served, page(served), host=host.format(port=served.port))
    assert response.status == 421


def test_localhost_is_allowed_on_the_loopback_only() -> None:
    assert host_names("127.0.0.1", 8000) == {"127.0.0.1:8000", "localhost:8000"}
    assert host_names("192.168.1.20", 8000) == {"192.168.1.20:8000"}
    assert host_names("fe80::1", 8000) == {"[fe80::1]:8000"}


def test_strict_headers_on_every_answer(served: ShareServer) -> None:
    for response in (
        request(served, page(served)),
        request(served, page(served, "share.js")),
        request(served, "/"),  # 403
        request(served, page(served), method="POST", body=b""),  # 405
        request(served, page(served), host="evil.example"),  # 421
    ):
        csp = response.getheader("Content-Security-Policy")
        assert "default-src 'none'" in csp and "script-src 'self'" in csp
        assert "connect-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp and "http:" not in csp and "*" not in csp
        assert response.getheader("Referrer-Policy") == "no-referrer"
        assert response.getheader("X-Content-Type-Options") == "nosniff"
        assert response.getheader("Cache-Control") == "no-store"


def test_the_page_loads_nothing_from_elsewhere_and_its_style_is_allowed_by_hash() -> None:
    html, script = server_module.page_files()
    assert "http://" not in html and "https://" not in html and "//" not in html.split("<style>")[0]
    assert 'src="share.js"' in html and "<script>" not in html  # no inline script
    assert b"innerHTML" not in script and b"insertAdjacentHTML" not in script
    assert b"document.write" not in script and b"eval(" not in script
    assert style_hash(html).startswith("'sha256-") and style_hash(html) != style_hash(
        "<style>x</style>"
    )
    assert "plain HTTP on your local network" in " ".join(html.split())


def test_a_given_token_serves_that_link_and_a_short_one_is_refused() -> None:
    kept = ShareServer("127.0.0.1").token
    assert ShareServer("127.0.0.1", token=kept).token == kept  # a restarted share, same link
    with pytest.raises(ValueError, match="at least as long"):
        ShareServer("127.0.0.1", token="guessable")


def test_all_addresses_at_once_are_refused() -> None:
    for host in ("0.0.0.0", "::", ""):
        with pytest.raises(ValueError, match="not on all of them"):
            ShareServer(host)
    with pytest.raises(ValueError):
        ShareServer("my-laptop.local")


def test_a_taken_port_is_an_os_error(served: ShareServer) -> None:
    with pytest.raises(OSError):
        ShareServer("127.0.0.1", served.port).start()


class Stream:
    """A page's event stream, read line by line over a raw socket."""

    def __init__(self, server: ShareServer, token: str | None = None, rcvbuf: int = 0) -> None:
        self.sock = socket.socket()
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(20)
        self.sock.connect(("127.0.0.1", server.port))
        request_line = f"GET /s/{token or server.token}/events HTTP/1.1\r\n"
        self.sock.sendall((request_line + f"Host: 127.0.0.1:{server.port}\r\n\r\n").encode("ascii"))
        self.file = self.sock.makefile("rb")
        self.status = int(self.file.readline().split()[1])
        while self.file.readline() not in (b"\r\n", b""):
            pass

    def next_data(self) -> dict[str, object]:
        """The next state pushed (pings and chunk sizes skipped)."""
        while True:
            line = self.file.readline()
            if not line:
                raise EOFError("the server closed the stream")
            if line.startswith(b"data: {"):
                return dict(json.loads(line[6:]))

    def closed(self, limit: float = 20.0) -> bool:
        """Whether the server closes the stream (read to its end; False if it is still open
        after ``limit`` seconds, pings and all)."""
        end = time.monotonic() + limit
        try:
            while line := self.file.readline():
                if line == b"0\r\n":  # the chunked body's end: the response is over
                    return True
                if time.monotonic() > end:
                    return False
        except ConnectionError:
            return True
        except TimeoutError:
            return False  # still open after the socket's timeout
        return True

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def test_pushes_every_new_state_live(served: ShareServer) -> None:
    stream = Stream(served)
    try:
        assert stream.status == 200
        assert stream.next_data()["title"] == "Dockside"  # the current state at once
        wait_for(lambda: served.client_count == 1, "the page is counted")
        served.publish(json.dumps({"title": "Exchange 2"}))
        assert stream.next_data()["title"] == "Exchange 2"
    finally:
        stream.close()


def test_new_link_revokes_the_old_one_and_its_pages(served: ShareServer) -> None:
    old = served.token
    stream = Stream(served)
    try:
        stream.next_data()
        wait_for(lambda: served.client_count == 1, "the page is counted")
        new = served.new_token()
        assert new != old
        assert stream.closed()  # the old link's page is cut off
        assert request(served, f"/s/{old}/").status == 403
        assert request(served, f"/s/{new}/").status == 200
    finally:
        stream.close()


def test_clients_are_capped(served: ShareServer) -> None:
    streams = [Stream(served) for _ in range(3)]
    try:
        for s in streams:
            s.next_data()
        wait_for(lambda: served.client_count == 3, "three pages counted")
        extra = Stream(served)
        assert extra.status == 503
        extra.close()
    finally:
        for s in streams:
            s.close()


def test_a_stalled_page_is_dropped_and_never_holds_up_the_others(served: ShareServer) -> None:
    """A page that stops reading (a phone asleep) fills its socket and then its bounded queue;
    it is dropped, and a page that reads keeps getting every state. ``publish`` only hands the
    message to the server's loop, so the GM's window never waits on any page."""
    stalled = Stream(served, rcvbuf=4096)
    reader = Stream(served)
    try:
        stalled.next_data()
        reader.next_data()
        wait_for(lambda: served.client_count == 2, "two pages counted")
        big = json.dumps({"title": "Big", "log": ["x" * 200_000]})
        sent = 0
        while served.dropped == 0:
            served.publish(big)
            sent += 1
            assert reader.next_data()["title"] == "Big"
            assert sent < 2000, "the stalled page was never dropped"
        wait_for(lambda: served.client_count == 1, "the stalled page is gone")
        served.publish(json.dumps({"title": "After"}))
        assert reader.next_data()["title"] == "After"
    finally:
        stalled.close()
        reader.close()


def test_stop_ends_every_stream_and_frees_the_port() -> None:
    server = ShareServer("127.0.0.1", 0)
    server.start()
    port = server.port
    stream = Stream(server)
    stream.next_data()
    server.stop()
    assert not server.running and stream.closed()
    stream.close()
    again = ShareServer("127.0.0.1", port)
    again.start()  # the port is free again
    again.stop()


def test_sse_message_keeps_one_json_line_per_data_field() -> None:
    assert sse_message('{"a": 1}') == b'data: {"a": 1}\n\n'
    assert sse_message("a\nb") == b"data: a\ndata: b\n\n"

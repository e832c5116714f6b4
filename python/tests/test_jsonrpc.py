"""The JSON-RPC connection on its own, over OS pipes with this test as the peer."""

import json
import os
import subprocess
import sys
import time

import pytest

from navshell import jsonrpc
from navshell.errors import ConnectionClosed, ProtocolError, RPCError, Timeout


class Peer:
    """A connection under test plus the other ends of its two pipes."""

    def __init__(self, framing=jsonrpc.NEWLINE):
        self.to_connection_read, self.to_connection = os.pipe()
        self.from_connection, self.from_connection_write = os.pipe()
        self.connection = jsonrpc.Connection(self.to_connection_read, self.from_connection_write, framing=framing)

    def write(self, data):
        os.write(self.to_connection, data)

    def sent(self):
        return os.read(self.from_connection, 65536)

    def close(self):
        for fd in (self.to_connection_read, self.to_connection, self.from_connection, self.from_connection_write):
            try:
                os.close(fd)
            except OSError:
                pass


@pytest.fixture
def peer():
    peer = Peer()
    yield peer
    peer.close()


def test_a_request_is_written_as_one_line_and_its_result_returned(peer):
    request_id = peer.connection.start_request("nav/stack")
    assert json.loads(peer.sent()) == {"jsonrpc": "2.0", "id": request_id, "method": "nav/stack"}
    peer.write(b'{"jsonrpc":"2.0","id":%d,"result":{"stack":[]}}\n' % request_id)
    assert peer.connection.wait_reply(request_id, "nav/stack", timeout=5) == {"stack": []}


def test_replies_are_matched_by_id_whatever_their_order(peer):
    first = peer.connection.start_request("a")
    second = peer.connection.start_request("b")
    peer.write(b'{"jsonrpc":"2.0","id":%d,"result":"B"}\n{"jsonrpc":"2.0","id":%d,"result":"A"}\n' % (second, first))
    assert peer.connection.wait_reply(first, "a", timeout=5) == "A"
    assert peer.connection.wait_reply(second, "b", timeout=5) == "B"


def test_an_error_reply_raises_rpc_error_with_code_message_and_data(peer):
    request_id = peer.connection.start_request("screen/select", {"rowId": "x"})
    peer.write(b'{"jsonrpc":"2.0","id":%d,"error":{"code":-32602,"message":"no row","data":{"reason":"notFound"}}}\n' % request_id)
    with pytest.raises(RPCError) as raised:
        peer.connection.wait_reply(request_id, "screen/select", timeout=5)
    assert (raised.value.code, raised.value.message, raised.value.data) == (-32602, "no row", {"reason": "notFound"})
    assert str(raised.value) == "screen/select failed with -32602: no row"


def test_notifications_and_requests_arriving_before_a_reply_are_kept_in_order(peer):
    request_id = peer.connection.start_request("x")
    peer.write(b'{"jsonrpc":"2.0","method":"one","params":{"n":1}}\n'
               b'{"jsonrpc":"2.0","id":"w1","method":"host/push","params":{}}\n'
               b'{"jsonrpc":"2.0","method":"two"}\n'
               b'{"jsonrpc":"2.0","id":%d,"result":null}\n' % request_id)
    assert peer.connection.wait_reply(request_id, "x", timeout=5) is None
    assert peer.connection.next_notification("two", timeout=0)["method"] == "two"
    assert peer.connection.next_notification(timeout=0) == {"method": "one", "params": {"n": 1}}
    assert peer.connection.next_request(timeout=0) == {"id": "w1", "method": "host/push", "params": {}}
    assert [n["method"] for n in peer.connection.received] == ["one", "two"]


def test_a_message_split_at_every_byte_is_read_whole(peer):
    message = '{"jsonrpc":"2.0","method":"nav/didIdle","params":{"text":"é ★"}}\r\n'.encode()
    decoder = jsonrpc.NewlineDecoder()
    bodies = [body for byte in range(len(message)) for body in decoder.feed(message[byte:byte + 1])]
    assert [json.loads(body) for body in bodies] == [json.loads(message)]


def test_content_length_framing_round_trips_split_at_every_byte():
    messages = [{"jsonrpc": "2.0", "method": "a", "params": {"t": "é"}}, {"jsonrpc": "2.0", "id": 2, "result": None}]
    stream = b"\r\n".join(jsonrpc.encode(m, jsonrpc.CONTENT_LENGTH) for m in messages)
    assert stream.startswith(b"Content-Length: ")
    decoder = jsonrpc.ContentLengthDecoder()
    bodies = [body for byte in range(len(stream)) for body in decoder.feed(stream[byte:byte + 1])]
    assert [json.loads(body) for body in bodies] == messages


def test_content_length_headers_end_either_way_and_a_read_of_many_messages_keeps_them_all():
    many = [{"jsonrpc": "2.0", "id": n, "result": {"n": n}} for n in range(500)]
    stream = (b"Content-Length: 2\n\n{}" + b"Content-Type: application/json\r\nContent-Length: 7\r\n\r\n[1,2,3]"
              + b"".join(jsonrpc.encode(m, jsonrpc.CONTENT_LENGTH) for m in many))
    decoder = jsonrpc.ContentLengthDecoder()
    assert [json.loads(body) for body in decoder.feed(stream)] == [{}, [1, 2, 3]] + many
    assert decoder.feed(b"") == []


def test_a_wait_with_no_answer_times_out_saying_what_it_waited_for(peer):
    request_id = peer.connection.start_request("nav/waitIdle")
    started = time.monotonic()
    with pytest.raises(Timeout, match=r"timed out after 0.2 s waiting for the reply to nav/waitIdle \(request 1\)"):
        peer.connection.wait_reply(request_id, "nav/waitIdle", timeout=0.2)
    assert time.monotonic() - started >= 0.2
    with pytest.raises(Timeout, match="waiting for a nav/didIdle notification"):
        peer.connection.next_notification("nav/didIdle", timeout=0)


def test_drain_and_a_wait_of_zero_seconds_read_what_has_already_arrived(peer):
    peer.write(b'{"jsonrpc":"2.0","method":"first"}\n')
    peer.connection.drain()
    assert [n["method"] for n in peer.connection.received] == ["first"]
    peer.write(b'{"jsonrpc":"2.0","method":"second"}\n')
    assert [n["method"] for n in peer.connection.take_notifications()] == ["first", "second"]
    peer.write(b'{"jsonrpc":"2.0","method":"third"}\n')
    assert peer.connection.next_notification("third", timeout=0)["method"] == "third"


def test_a_closed_peer_is_reported_instead_of_a_timeout(peer):
    os.close(peer.to_connection)
    with pytest.raises(ConnectionClosed, match="closed its output while waiting for a notification"):
        peer.connection.next_notification(timeout=5)


def test_output_that_is_not_json_is_a_protocol_error_and_later_messages_still_count(peer):
    peer.write(b'not json\n{"jsonrpc":"2.0","method":"after"}\n')
    with pytest.raises(ProtocolError, match="not JSON"):
        peer.connection.next_notification(timeout=5)
    assert peer.connection.next_notification(timeout=0)["method"] == "after"


def test_every_wait_needs_a_timeout(peer):
    with pytest.raises(ValueError):
        peer.connection.next_request(timeout=None)


def test_inbox_keeps_every_message_as_written_and_take_finds_one(peer):
    connection = jsonrpc.Connection(peer.to_connection_read, peer.from_connection_write, inbox=True, first_id=500)
    peer.write(b'{"jsonrpc":"2.0","method":"one"}\n[{"jsonrpc":"2.0","id":"b","result":1},7]\n'
               b'{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"bad id"}}\n"text"\n')
    batch = connection.take(lambda message: isinstance(message, list), timeout=5)
    assert batch == [{"jsonrpc": "2.0", "id": "b", "result": 1}, 7]
    assert connection.inbox == [{"jsonrpc": "2.0", "method": "one"},
                                {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "bad id"}}, "text"]
    assert list(connection.received) == [] and connection.take_notifications() == []
    request_id = connection.start_request("nav/stack")
    assert request_id == 500 and json.loads(peer.sent())["id"] == 500
    peer.write(b'{"jsonrpc":"2.0","id":500,"error":{"code":-32601,"message":"unknown method"}}\n')
    assert connection.reply_message(500, "nav/stack", timeout=5)["error"]["code"] == -32601
    with pytest.raises(Timeout, match="waiting for a matching message"):
        connection.take(lambda message: message == "never", timeout=0)


def test_exchange_returns_an_error_reply_whole_with_the_id_asked_for(peer):
    peer.write(b'{"jsonrpc":"2.0","id":"mine","error":{"code":-32602,"message":"no"}}\n')
    assert peer.connection.exchange("screen/select", {"rowId": "x"}, timeout=5, request_id="mine") == \
        {"jsonrpc": "2.0", "id": "mine", "error": {"code": -32602, "message": "no"}}
    assert json.loads(peer.sent()) == {"jsonrpc": "2.0", "id": "mine", "method": "screen/select", "params": {"rowId": "x"}}


def test_write_sends_bytes_as_they_are(peer):
    peer.connection.write(b"not json\n{}", timeout=5)
    assert peer.sent() == b"not json\n{}"


def test_a_write_the_peer_does_not_take_times_out_saying_how_much_went(peer):
    with pytest.raises(Timeout, match=r"the peer took none of the bytes for 0.2 s \(\d+ of 1048576 written\)"):
        peer.connection.write(b"x" * (1 << 20), timeout=0.2, read=False)


# A peer that writes a megabyte of notifications before it reads anything, then reads all its
# input and answers with how many bytes it read.
CHATTY_PEER = """
import sys
sys.stdout.buffer.write(b'{"jsonrpc":"2.0","method":"n","params":"%s"}\\n' % (b"y" * 1000) * 1000)
sys.stdout.flush()
read = len(sys.stdin.buffer.read())
sys.stdout.buffer.write(b'{"jsonrpc":"2.0","method":"read","params":%d}\\n' % read)
"""


@pytest.mark.parametrize("write_timeout", [None, 30])
def test_a_big_write_reads_the_peer_meanwhile_so_neither_waits_on_the_other(write_timeout):
    child = subprocess.Popen([sys.executable, "-c", CHATTY_PEER], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    connection = jsonrpc.Connection(child.stdout.fileno(), child.stdin.fileno(), write_timeout=write_timeout)
    try:
        data = b"z" * (2 << 20)
        if write_timeout is None:
            connection.write(data, timeout=30)
        else:
            connection.send({"jsonrpc": "2.0", "method": "big", "params": data.decode()})
        child.stdin.close()
        read = connection.next_notification("read", timeout=30)["params"]
        assert read == len(data) + (0 if write_timeout is None else len(jsonrpc.encode({"jsonrpc": "2.0", "method": "big", "params": ""})))
        assert [n["method"] for n in connection.received].count("n") == 1000
    finally:
        child.kill()
        child.wait()


def test_reading_to_the_end_takes_every_message_left_however_large():
    # Three answers of 100 KB each: more than a pipe holds, so the writer ends only if they are read.
    script = "import sys\nfor n in range(3): sys.stdout.write('{\"jsonrpc\":\"2.0\",\"id\":%d,\"result\":\"%s\"}\\n' % (n, 'x' * 100000))"
    writer = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    nowhere = os.open(os.devnull, os.O_WRONLY)
    connection = jsonrpc.Connection(writer.stdout.fileno(), nowhere, inbox=True)
    connection.read_to_end(timeout=10)
    os.close(nowhere)
    assert writer.wait(timeout=10) == 0
    assert [len(message["result"]) for message in connection.inbox] == [100000] * 3


def test_reading_to_the_end_of_an_output_left_open_times_out(peer):
    peer.write(b'{"jsonrpc":"2.0","method":"nav/didChange"}\n')
    with pytest.raises(Timeout):
        peer.connection.read_to_end(timeout=0.2)

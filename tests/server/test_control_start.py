"""make run within a bounded time: a start that fails or hangs is stopped and explained."""

import socket
import subprocess
import sys
import time
from pathlib import Path

from server import control, install


def _free_ports(count):
    holders = [socket.socket() for _ in range(count)]
    for holder in holders:
        holder.bind(("127.0.0.1", 0))
    ports = [holder.getsockname()[1] for holder in holders]
    for holder in holders:
        holder.close()
    return ports


def _prepare(tmp_path, monkeypatch, ports):
    for name, port in zip(("DELVER_TELNET_PORT", "DELVER_WEB_PORT", "DELVER_WS_PORT",
                           "DELVER_AMP_PORT", "DELVER_WEB_INTERNAL_PORT"), ports):
        monkeypatch.setenv(name, str(port))
    monkeypatch.setenv("DELVER_ADMIN_PASSWORD", "lamp-oil-7")
    monkeypatch.setattr(control, "GAME_DIR", tmp_path)
    monkeypatch.setattr(install, "game_is_running", lambda game_dir: False)
    stopped = []
    monkeypatch.setattr(install, "running_pids", lambda game_dir: [4242])
    monkeypatch.setattr(install, "terminate", lambda pids, timeout=15: stopped.extend(pids) or [])
    return stopped


def test_a_portal_that_cannot_listen_is_stopped_and_the_variable_named(tmp_path, monkeypatch, capsys):
    ports = _free_ports(5)
    stopped = _prepare(tmp_path, monkeypatch, ports)
    amp = ports[3]

    def fake_evennia(*args, env=None, quiet=False, timeout=None):
        if args[0] == "start":
            assert timeout == control.START_TIMEOUT
            log = install.portal_log(tmp_path)
            log.parent.mkdir(parents=True, exist_ok=True)
            log.write_text("twisted.internet.error.CannotListenError: Couldn't listen on "
                           f"127.0.0.1:{amp}: [Errno 98] Address already in use.\n")
            raise subprocess.TimeoutExpired("evennia start", timeout)
        return 0

    monkeypatch.setattr(control, "evennia", fake_evennia)
    started = time.monotonic()
    assert control.run() == 1
    assert time.monotonic() - started < 10
    out = capsys.readouterr().out
    assert "Delver did not start." in out
    assert f"Port {amp} (internal Portal-Server link) is already in use" in out
    assert "DELVER_AMP_PORT=" in out
    assert stopped == [4242]
    assert "Everything this start began has been stopped." in out
    assert "Traceback" not in out


def test_a_server_that_never_answers_is_stopped_in_bounded_time(tmp_path, monkeypatch, capsys):
    ports = _free_ports(5)
    stopped = _prepare(tmp_path, monkeypatch, ports)
    monkeypatch.setattr(control, "READY_TIMEOUT", 0.5)
    monkeypatch.setattr(control, "evennia", lambda *args, **kwargs: 0)
    started = time.monotonic()
    assert control.run() == 1
    assert time.monotonic() - started < 10
    out = capsys.readouterr().out
    assert "Delver did not start." in out and "logs name no cause" in out
    assert stopped == [4242]


def test_each_internal_port_is_checked_before_starting(tmp_path, monkeypatch, capsys):
    for index, variable in ((3, "DELVER_AMP_PORT"), (4, "DELVER_WEB_INTERNAL_PORT")):
        ports = _free_ports(5)
        holder = socket.socket()
        holder.bind(("127.0.0.1", ports[index]))
        holder.listen()
        _prepare(tmp_path, monkeypatch, ports)
        calls = []
        monkeypatch.setattr(control, "evennia", lambda *args, **kwargs: calls.append(args) or 0)
        try:
            assert control.run() == 1
        finally:
            holder.close()
        out = capsys.readouterr().out
        assert f"Port {ports[index]}" in out and variable in out
        assert ("start",) not in calls


def test_a_launcher_that_hangs_is_killed_with_what_it_started(tmp_path):
    marker = tmp_path / "child.pid"
    script = (
        "import subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"open({str(marker)!r}, 'w').write(str(child.pid))\n"
        "time.sleep(60)\n"
    )
    started = time.monotonic()
    try:
        control._call_in_group([sys.executable, "-c", script], None, timeout=1)
    except subprocess.TimeoutExpired:
        pass
    else:
        raise AssertionError("the hanging launcher was not stopped")
    assert time.monotonic() - started < 10
    child = int(marker.read_text())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _alive(child):
        time.sleep(0.1)
    assert not _alive(child)


def _alive(pid):
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status

"""make run's set-up steps: secret key, admin account, ports, configuration."""

import os
import shutil
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from server import control, install
from server.conf.environment import GamePorts, database_from_url, game_ports

REPO = Path(__file__).resolve().parents[2]


def _mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_secret_key_is_written_once_and_private(tmp_path):
    assert install.ensure_secret_key(tmp_path) is True
    path = tmp_path / install.SECRET_FILE
    first = path.read_text()
    assert "SECRET_KEY = " in first and len(first) > 60
    assert _mode(path) == 0o600
    assert install.ensure_secret_key(tmp_path) is False
    assert path.read_text() == first


def test_secret_file_is_ignored_by_git():
    for path in ("server/conf/secret_settings.py", "server/admin-credentials.txt", "server/delver.db3",
                 "server/run-env.json"):
        result = subprocess.run(["git", "check-ignore", "-q", path], cwd=REPO)
        assert result.returncode == 0, f"{path} must be ignored by git"


def test_admin_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("DELVER_ADMIN_USER", "Keeper")
    monkeypatch.setenv("DELVER_ADMIN_PASSWORD", "s3cret-lamp")
    admin = install.admin_credentials(tmp_path)
    assert (admin.username, admin.password, admin.generated_now) == ("Keeper", "s3cret-lamp", False)
    assert not (tmp_path / install.ADMIN_FILE).exists()


def test_generated_admin_is_kept_private_and_reused(tmp_path, monkeypatch):
    monkeypatch.delenv("DELVER_ADMIN_USER", raising=False)
    monkeypatch.delenv("DELVER_ADMIN_PASSWORD", raising=False)
    first = install.admin_credentials(tmp_path)
    assert first.generated_now and first.username == "admin" and len(first.password) >= 12
    assert _mode(tmp_path / install.ADMIN_FILE) == 0o600
    again = install.admin_credentials(tmp_path)
    assert (again.username, again.password, again.generated_now) == (first.username, first.password, False)
    env = install.superuser_env(again)
    assert env["EVENNIA_SUPERUSER_USERNAME"] == "admin"
    assert env["EVENNIA_SUPERUSER_PASSWORD"] == first.password


def test_ports_default_and_follow_the_public_ones(monkeypatch):
    for name in ("DELVER_TELNET_PORT", "DELVER_WEB_PORT", "DELVER_WS_PORT", "DELVER_AMP_PORT",
                 "DELVER_WEB_INTERNAL_PORT"):
        monkeypatch.delenv(name, raising=False)
    assert tuple(game_ports()) == (4000, 4001, 4002, 4006, 4005)
    monkeypatch.setenv("DELVER_TELNET_PORT", "5000")
    monkeypatch.setenv("DELVER_WEB_PORT", "5001")
    monkeypatch.setenv("DELVER_WS_PORT", "5002")
    assert tuple(game_ports()) == (5000, 5001, 5002, 5006, 5005)


def test_a_port_that_is_not_a_number_is_named(monkeypatch):
    monkeypatch.setenv("DELVER_TELNET_PORT", "four-thousand")
    with pytest.raises(SystemExit, match="DELVER_TELNET_PORT must be a whole number"):
        game_ports()


def test_database_url_forms():
    assert database_from_url("", "/x/default.db3") == {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": "/x/default.db3",
        "OPTIONS": {"init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL"},
    }
    pg = database_from_url("postgres://delver:pw@db.example:5433/game", "/unused")
    assert pg["ENGINE"] == "django.db.backends.postgresql"
    assert (pg["USER"], pg["PASSWORD"], pg["HOST"], pg["PORT"], pg["NAME"]) == (
        "delver", "pw", "db.example", 5433, "game")
    sqlite = database_from_url("sqlite:////tmp/g.db3", "/unused")
    assert sqlite["NAME"] == "/tmp/g.db3" and "journal_mode=WAL" in sqlite["OPTIONS"]["init_command"]
    assert "init_command" not in pg["OPTIONS"]
    assert pg["OPTIONS"] == {"options": "-c synchronous_commit=off"}
    durable = database_from_url("postgres://d:pw@h:5432/g?options=-c%20synchronous_commit%3Don",
                                "/unused")
    assert durable["OPTIONS"]["options"] == "-c synchronous_commit=on"  # the URL's own wins
    with pytest.raises(SystemExit, match="DATABASE_URL"):
        database_from_url("mongodb://nope", "/unused")


def test_busy_port_is_reported_by_name_and_variable():
    holder = socket.socket()
    holder.bind(("0.0.0.0", 0))
    holder.listen()
    port = holder.getsockname()[1]
    free = socket.socket()
    free.bind(("0.0.0.0", 0))
    free_port = free.getsockname()[1]
    free.close()
    try:
        busy = install.busy_ports(GamePorts(port, free_port, free_port, free_port, free_port))
    finally:
        holder.close()
    assert [entry[0] for entry in busy] == [port]
    message = install.port_busy_message(busy[0])
    assert f"Port {port} (telnet)" in message and "DELVER_TELNET_PORT" in message


def test_make_run_refuses_a_busy_port_without_a_traceback(tmp_path, monkeypatch, capsys):
    holder = socket.socket()
    holder.bind(("0.0.0.0", 0))
    holder.listen()
    port = holder.getsockname()[1]
    monkeypatch.setenv("DELVER_TELNET_PORT", str(port))
    monkeypatch.setattr(control, "GAME_DIR", tmp_path)
    monkeypatch.setattr(install, "game_is_running", lambda game_dir: False)
    try:
        assert control.run() == 1
    finally:
        holder.close()
    out = capsys.readouterr().out
    assert f"Port {port} (telnet) is already in use" in out
    assert "Traceback" not in out


def test_find_python_explains_when_there_is_none(tmp_path):
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    old = fake_bin / "python3"
    old.write_text("#!/bin/sh\necho 'Python 3.9.1'\nexit 1\n")
    old.chmod(0o755)
    # Only the tools the script uses are on the PATH, so no Python of this
    # machine's can be found: the test never depends on what is installed.
    for tool in ("bash", "head", "ls", "grep"):
        (fake_bin / tool).symlink_to(shutil.which(tool))
    env = {"PATH": str(fake_bin), "HOME": str(tmp_path), "PYENV_ROOT": str(tmp_path / "nopyenv")}
    result = subprocess.run([str(REPO / ".ci" / "find-python")], env=env, capture_output=True, text=True)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "needs Python 3.12 or newer" in result.stderr
    assert "python3" in result.stderr


def _listening_port():
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    return holder, holder.getsockname()[1]


def test_wait_until_ready_ignores_what_an_earlier_start_logged(tmp_path):
    log = install.server_log(tmp_path)
    log.parent.mkdir(parents=True)
    log.write_text("Evennia Server successfully started.\n")
    offset = install.log_size(tmp_path)
    holder, port = _listening_port()
    try:
        assert not install.wait_until_ready(tmp_path, port, timeout=0.5, log_offset=offset)
        with open(log, "a") as handle:
            handle.write("Initial setup complete. Restarting Server once.\n"
                         "Evennia Server successfully started.\n")
        assert not install.wait_until_ready(tmp_path, port, timeout=0.5, log_offset=offset)
        with open(log, "a") as handle:
            handle.write("Evennia Server successfully restarted in 'reset' mode.\n")
        assert install.wait_until_ready(tmp_path, port, timeout=2, log_offset=offset)
    finally:
        holder.close()


def test_admin_password_alone_names_the_admin_admin(tmp_path, monkeypatch):
    monkeypatch.delenv("DELVER_ADMIN_USER", raising=False)
    monkeypatch.setenv("DELVER_ADMIN_PASSWORD", "only-the-password")
    admin = install.admin_credentials(tmp_path)
    assert (admin.username, admin.password, admin.generated_now) == ("admin", "only-the-password", False)
    assert not (tmp_path / install.ADMIN_FILE).exists()


def test_the_settings_of_a_start_are_kept_for_stop_and_status(tmp_path, monkeypatch):
    monkeypatch.setenv("DELVER_TELNET_PORT", "5300")
    monkeypatch.setenv("DATABASE_URL", "postgres://d:pw@127.0.0.1:5432/d")
    monkeypatch.setenv("DELVER_ADMIN_PASSWORD", "never-kept")
    install.save_run_env(tmp_path)
    assert _mode(tmp_path / install.RUN_ENV_FILE) == 0o600
    monkeypatch.setenv("DELVER_TELNET_PORT", "4000")
    monkeypatch.delenv("DATABASE_URL")
    monkeypatch.setenv("DELVER_WEB_PORT", "4999")  # this shell's, not the start's: dropped
    env = install.run_env(tmp_path)
    assert env["DELVER_TELNET_PORT"] == "5300"
    assert env["DATABASE_URL"] == "postgres://d:pw@127.0.0.1:5432/d"
    assert "DELVER_WEB_PORT" not in env
    assert "never-kept" not in (tmp_path / install.RUN_ENV_FILE).read_text()


def test_a_pid_file_naming_another_program_is_not_a_running_game(tmp_path):
    (tmp_path / "server").mkdir()
    (tmp_path / "server" / "server.pid").write_text(f"{os.getpid()}\n")  # pytest, not Evennia
    (tmp_path / "server" / "portal.pid").write_text("not a pid\n")
    assert install.running_pids(tmp_path) == []
    assert not install.game_is_running(tmp_path)


def test_make_run_makes_the_folders_a_clone_lacks(tmp_path):
    install.ensure_game_dirs(tmp_path)
    assert (tmp_path / "server" / "logs").is_dir()


def _settings_with(**env):
    """Some values of server/conf/settings.py as a fresh process reads them under `env`."""
    base = {key: value for key, value in os.environ.items()
            if not key.startswith("DELVER_") and key != "DJANGO_SETTINGS_MODULE"}
    code = ("import server.conf.settings as s; "
            "print(s.CREATION_THROTTLE_LIMIT, s.LOGIN_THROTTLE_LIMIT, s.DEBUG, s.SERVERNAME)")
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
        env={**base, "DELVER_SECRET_KEY": "test-only-key", **env}, check=True,
    )
    return done.stdout.split()


def test_the_real_game_keeps_its_throttles_and_the_flag_lifts_them():
    creation, login, debug, name = _settings_with()
    assert creation != "None" and login != "None" and debug == "False" and name == "Delver"
    assert _settings_with(DELVER_NO_THROTTLE="1", DELVER_DEBUG="1", DELVER_GAME_NAME="Lanternfall") == [
        "None", "None", "True", "Lanternfall"]


def test_a_sqlite_file_is_opened_with_write_ahead_logging(tmp_path):
    from django.db.backends.sqlite3.base import DatabaseWrapper

    settings = database_from_url(f"sqlite:///{tmp_path / 'game.db3'}", "/unused")
    wrapper = DatabaseWrapper({**settings, "TIME_ZONE": None})
    connection = wrapper.get_new_connection(wrapper.get_connection_params())
    try:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL
    finally:
        connection.close()


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's own setting")
def test_postgresql_commits_without_waiting_for_its_disk():
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone() == ("off",)

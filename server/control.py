"""
`make run`, `make stop`, `make status` and `make test`, in Python.

    python -m server.control run      set up (once) and start Delver in the background
    python -m server.control stop     stop Portal and Server
    python -m server.control status   say whether it runs and where
    python -m server.control test     run the whole test suite (see server/testrun.py)

`run` is safe to repeat: a running game is left alone and its addresses are
printed again. First-time set-up writes a per-install secret key, migrates the
database and creates the admin account without any prompt.
"""

import os
import signal
import subprocess
import sys
from pathlib import Path

from server import install

GAME_DIR = Path(__file__).resolve().parent.parent
EVENNIA = str(Path(sys.executable).with_name("evennia"))
# Seconds the launcher may take to start Portal and Server, then the Server
# to finish its set-up: past them `make run` stops what it began and says why.
START_TIMEOUT = 90
READY_TIMEOUT = 120


def main(argv):
    command = argv[1] if len(argv) > 1 else "run"
    actions = {"run": run, "stop": stop, "status": status, "test": test}
    if command not in actions:
        print(f"Unknown action {command!r}: use one of {', '.join(actions)}.")
        return 2
    os.chdir(GAME_DIR)
    return actions[command]()


def evennia(*args, env=None, quiet=False, timeout=None):
    """
    Run the evennia launcher in the game directory; its exit code. The
    launcher exits 0 after some errors it prints ("ERROR: ..."), so a quiet
    run that printed one counts as failed and shows what it printed.
    """
    env = dict(env or os.environ)
    # The launcher starts `twistd` by name: it must find the venv's copy.
    env["PATH"] = str(Path(EVENNIA).parent) + os.pathsep + env.get("PATH", "")
    if not quiet:
        return _call_in_group([EVENNIA, *args], env, timeout)
    done = subprocess.run(
        [EVENNIA, *args], cwd=GAME_DIR, env=env, capture_output=True, text=True, timeout=timeout
    )
    if done.returncode != 0 or "ERROR:" in done.stdout + done.stderr:
        print(done.stdout + done.stderr)
        return done.returncode or 1
    return 0


def _call_in_group(command, env, timeout):
    """
    Run `command` and its exit code; past `timeout` seconds kill it and every
    process it started in its own group, and raise TimeoutExpired.
    """
    process = subprocess.Popen(command, cwd=GAME_DIR, env=env, start_new_session=True)
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        raise


def use_running_game_env():
    """Read the ports and database of the running game, not this shell's."""
    env = install.run_env(GAME_DIR)
    for name in install.RUN_ENV_NAMES:
        os.environ.pop(name, None)
    os.environ.update(env)


def run():
    install.ensure_secret_key(GAME_DIR)
    install.ensure_game_dirs(GAME_DIR)
    if install.game_is_running(GAME_DIR):
        use_running_game_env()
        print("Delver is already running.")
        print(install.connect_help(install.configured_ports()))
        return 0
    ports = install.configured_ports()
    busy = install.busy_ports(ports)
    if busy:
        for port in busy:
            print(install.port_busy_message(port))
        return 1
    admin = install.admin_credentials(GAME_DIR)
    if admin.generated_now:
        print(install.new_admin_notice(admin, GAME_DIR))
    env = {**os.environ, **install.superuser_env(admin)}
    print("Preparing the database (first time takes a little while)...")
    if evennia("migrate", env=env, quiet=True) != 0:
        print("The database migration failed; see the messages above.")
        return 1
    print("Starting Delver (Portal and Server)...")
    log_offsets = install.log_sizes(GAME_DIR)
    install.save_run_env(GAME_DIR)
    # Another program may take a port between the check above and the start.
    busy = install.busy_ports(ports)
    if busy:
        for port in busy:
            print(install.port_busy_message(port))
        return 1
    try:
        started = evennia("start", env=env, timeout=START_TIMEOUT) == 0
    except subprocess.TimeoutExpired:
        started = False
    if not started or not install.wait_until_ready(
        GAME_DIR, ports.telnet, timeout=READY_TIMEOUT, log_offset=log_offsets["server"]
    ):
        return start_failed(ports, log_offsets)
    print(install.connect_help(ports))
    return 0


def start_failed(ports, log_offsets):
    """Stop whatever this start left running and say why it failed."""
    print("Delver did not start.")
    cause = install.start_failure_cause(GAME_DIR, ports, log_offsets)
    print(cause)
    left = install.terminate(install.running_pids(GAME_DIR))
    if left:
        print(f"Could not stop process(es) {', '.join(map(str, left))}: stop them by hand.")
    else:
        print("Everything this start began has been stopped.")
    return 1


def stop():
    """
    Ask the launcher to stop the game on the ports it was started with; if
    that leaves a process of this game running (its Portal did not answer),
    stop the processes named in its pid files.
    """
    if not install.game_is_running(GAME_DIR):
        print("Delver is not running.")
        return 0
    install.ensure_secret_key(GAME_DIR)
    use_running_game_env()
    evennia("stop")
    left = install.running_pids(GAME_DIR)
    if left:
        print("The launcher did not stop every process; stopping them directly...")
        left = install.terminate(left)
    if left:
        print(f"Could not stop process(es) {', '.join(map(str, left))}: stop them by hand.")
        return 1
    print("Delver is stopped.")
    return 0


def status():
    if install.game_is_running(GAME_DIR):
        use_running_game_env()
        print("Delver is running.")
        print(install.connect_help(install.configured_ports()))
    else:
        print("Delver is not running. Start it with: make run")
    return 0


def test():
    from server import testrun

    return testrun.run_all(GAME_DIR, sys.executable)


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""A throwaway PostgreSQL server for tests and benchmarks: initdb and pg_ctl in a temporary
folder, listening on a free port of 127.0.0.1, deleted when stopped.

The server binaries are looked for in $PG_BIN, then `pg_config --bindir`, then
/usr/lib/postgresql/*/bin (newest first), then $PATH. initdb refuses to run as root, so as
root the server runs as the `postgres` user (created by the distribution's package).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

INSTALL_HINT = ("PostgreSQL's server binaries (initdb, pg_ctl) were not found: install them "
                "with `apt-get install postgresql` (Debian, Ubuntu) or `brew install "
                "postgresql` (macOS), or set PG_BIN to the folder that holds them")
SUPERUSER = "postgres"
# Nothing here needs to survive a crash: trade durability for speed.
FAST = ("-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
        "-c max_connections=200")


class ServerUnavailable(Exception):
    """The server cannot be started here; the message says why and how to fix it."""


def find_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl, or None."""
    candidates: list[Path] = []
    if os.environ.get("PG_BIN"):
        candidates.append(Path(os.environ["PG_BIN"]))
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                                  check=True, timeout=10)
            candidates.append(Path(done.stdout.strip()))
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                         key=lambda p: _version(p.parent.name), reverse=True)
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).parent)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(p) for p in name.split(".") if p.isdigit())


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class PostgresServer:
    """A running server; `url(name)` addresses one of its databases."""

    bindir: Path
    folder: Path
    port: int
    run_as: str | None

    @classmethod
    def start(cls) -> PostgresServer:
        """initdb a new cluster in a temporary folder and start it, or raise
        ServerUnavailable."""
        bindir = find_binaries()
        if bindir is None:
            raise ServerUnavailable(INSTALL_HINT)
        run_as = None
        folder = Path(tempfile.mkdtemp(prefix="gwent-pg-"))
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam(SUPERUSER)
            except KeyError:
                shutil.rmtree(folder)
                raise ServerUnavailable("initdb cannot run as root and there is no "
                                        f"{SUPERUSER!r} user to run it as") from None
            run_as = SUPERUSER
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        server = cls(bindir, folder, 0, run_as)
        try:
            server._run("initdb", "-D", str(folder / "data"), "-U", SUPERUSER, "--auth=trust",
                        "--no-sync", "--encoding=UTF8", "--locale=C")
            server._start()
        except BaseException:
            server.stop()
            raise
        return server

    def _start(self) -> None:
        for _ in range(5):  # another program may take the port first
            self.port = free_port()
            try:
                self._run("pg_ctl", "-D", str(self.folder / "data"), "-l",
                          str(self.folder / "server.log"), "-w", "-t", "60", "-o",
                          f"-p {self.port} -c listen_addresses=127.0.0.1 "
                          f"-c unix_socket_directories='' {FAST}", "start")
                return
            except ServerUnavailable:
                log = self.folder / "server.log"
                if "could not bind" not in (log.read_text() if log.exists() else ""):
                    raise
        raise ServerUnavailable("no free port for PostgreSQL")

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bindir / program), *args]
        if self.run_as is not None:
            command = ["runuser", "-u", self.run_as, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder,
                              timeout=120)
        if done.returncode != 0:
            log = self.folder / "server.log"
            detail = (done.stderr or done.stdout).strip()
            if log.exists():
                detail += "\n" + log.read_text()[-2000:]
            raise ServerUnavailable(f"{program} failed: {detail}")

    def url(self, database: str = "postgres") -> str:
        """The postgresql:// URL of one database on this server."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        """Stop the server at once and delete its folder."""
        if (self.folder / "data" / "postmaster.pid").exists():
            with contextlib.suppress(ServerUnavailable, subprocess.SubprocessError):
                self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w",
                          "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

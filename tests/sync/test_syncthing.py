"""Two laptops whose shared folder two real Syncthing instances keep in step (on 127.0.0.1, no discovery, no
relays): what one records and corrects reaches the other within a minute, and both end with the same export.
Skipped where Syncthing is not installed (Debian: `apt-get install syncthing`)."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import time

import pytest

from tests.sync.test_cli_sync import Laptop

SYNCTHING = shutil.which("syncthing")
pytestmark = pytest.mark.skipif(SYNCTHING is None, reason="Syncthing is not installed")
DEADLINE = 60.0

CONFIG = """<configuration version="36">
    <folder id="club" label="club" path="{path}" type="sendreceive" rescanIntervalS="2" fsWatcherEnabled="true"
            fsWatcherDelayS="1" ignorePerms="true">
        <device id="{a}"></device>
        <device id="{b}"></device>
    </folder>
    <device id="{a}" name="a" compression="metadata"><address>tcp://127.0.0.1:{port_a}</address></device>
    <device id="{b}" name="b" compression="metadata"><address>tcp://127.0.0.1:{port_b}</address></device>
    <gui enabled="false"><address>127.0.0.1:0</address></gui>
    <options>
        <listenAddress>tcp://127.0.0.1:{port}</listenAddress>
        <globalAnnounceEnabled>false</globalAnnounceEnabled>
        <localAnnounceEnabled>false</localAnnounceEnabled>
        <relaysEnabled>false</relaysEnabled>
        <natEnabled>false</natEnabled>
        <urAccepted>-1</urAccepted>
        <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
        <reconnectionIntervalS>1</reconnectionIntervalS>
        <crashReportingEnabled>false</crashReportingEnabled>
        <startBrowser>false</startBrowser>
    </options>
</configuration>
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _generate(home) -> str:
    done = subprocess.run([SYNCTHING, "generate", f"--home={home}", "--no-default-folder"], capture_output=True,
                          text=True, timeout=60)
    found = re.search(r"Device ID:\s*([A-Z0-9-]{50,})", done.stdout + done.stderr)
    assert found, done.stdout + done.stderr
    return found.group(1)


@pytest.fixture
def two_syncthings(tmp_path):
    homes = [tmp_path / "st-a", tmp_path / "st-b"]
    folders = [tmp_path / "petr-Sync", tmp_path / "jana-Sync"]
    ids = [_generate(home) for home in homes]
    ports = [_free_port(), _free_port()]
    running = []
    env = {"STNODEFAULTFOLDER": "1", "STNOUPGRADE": "1", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    try:
        for home, folder, port in zip(homes, folders, ports):
            (folder / ".stfolder").mkdir(parents=True)
            (home / "config.xml").write_text(CONFIG.format(path=folder, a=ids[0], b=ids[1], port_a=ports[0],
                                                           port_b=ports[1], port=port), encoding="utf-8")
            running.append(subprocess.Popen([SYNCTHING, "serve", f"--home={home}", "--no-browser", "--no-restart",
                                             f"--logfile={home / 'log.txt'}"], env=env,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        yield folders
    finally:
        for process in running:
            process.terminate()
        for process in running:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _until(check) -> None:
    """Sync until ``check()`` holds; a minute at most (what a club may wait for a file sync)."""
    end = time.monotonic() + DEADLINE
    while not check():
        assert time.monotonic() < end, "the laptops did not converge within a minute"
        time.sleep(1)


def test_two_syncthings_carry_plays_and_corrections(tmp_path, two_syncthings):
    petr_folder, jana_folder = two_syncthings
    petr, jana = Laptop(tmp_path, "petr", petr_folder), Laptop(tmp_path, "jana", jana_folder)
    petr("record", "port-royal", "-p", "Ann=12", "-p", "Bob=9", "--date", "2026-11-20")
    petr("record", "puerto-rico", "-p", "Eva=40", "-p", "Jan=38", "--date", "2026-11-21")
    petr("sync")
    _until(lambda: jana("sync") and len(jana.plays()) == 2)
    gid = next(i for i, g in jana.plays().items() if g["game"] == "port-royal")
    jana("edit", gid, "--notes", "Bob forgot a tax")
    jana("players", "rename", "Ann", "Anna")
    jana("sync")
    _until(lambda: petr("sync") and "Anna" in petr.plays()[gid]["players"]
           and "Bob forgot a tax" in json.dumps(petr.export(), ensure_ascii=False))
    _until(lambda: petr("sync") and jana("sync") and petr.export() == jana.export())

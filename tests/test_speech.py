"""Speech: the adapter's guards, and the real path through a headless speech-dispatcher.

The integration test starts a private speech-dispatcher
with a capture module that writes what it is asked to say to a file, and libao's null
sink, so no sound hardware is needed. It is skipped where speech-dispatcher is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from splendor_a11y.play.speech import AO2Speaker, NullSpeaker, open_speaker

from conftest import cli_command


class _Flaky:
    def speak(self, text: str, interrupt: bool = False) -> None:
        print("noise on stdout")
        raise RuntimeError("driver gone")


def test_no_output_found_means_print_only() -> None:
    assert isinstance(open_speaker("on", finder=lambda: None), NullSpeaker)
    assert isinstance(open_speaker("off", finder=lambda: (object(), "x")), NullSpeaker)
    assert isinstance(open_speaker("auto", finder=lambda: (object(), "x")), NullSpeaker)


def test_a_hanging_speech_service_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPLENDOR_A11Y_SPEECH", raising=False)
    assert isinstance(open_speaker("on", finder=lambda: time.sleep(5) or None, seconds=0.2), NullSpeaker)


def test_a_failing_output_never_stops_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    speaker = AO2Speaker(_Flaky(), "Flaky")
    speaker.say("hello")
    speaker.say("again")
    assert speaker.available is False
    assert capsys.readouterr().out == ""


def test_braille_is_sent_with_speech() -> None:
    calls: list[tuple[str, str]] = []

    class Both:
        def speak(self, text: str, interrupt: bool = False) -> None:
            calls.append(("speak", text))

        def braille(self, text: str) -> None:
            calls.append(("braille", text))

    AO2Speaker(Both(), "Both").say("You take 1s 1e 1r.")
    assert calls == [("speak", "You take 1s 1e 1r."), ("braille", "You take 1s 1e 1r.")]


def _headless_speechd(root: Path) -> dict[str, str]:
    home, run, logs = root / "home", root / "run", root / "log"
    modules = home / ".config" / "speech-dispatcher" / "modules"
    modules.mkdir(parents=True)
    run.mkdir(mode=0o700)
    logs.mkdir()
    (home / ".libao").write_text("default_driver=null\nquiet\n")
    (home / ".config" / "speech-dispatcher" / "speechd.conf").write_text(
        f'LogLevel 5\nLogDir "{logs}"\nAudioOutputMethod "libao"\n'
        'AddModule "capture" "sd_generic" "capture-generic.conf"\nDefaultModule capture\n'
    )
    spoken = root / "spoken.txt"
    (modules / "capture-generic.conf").write_text(
        f"GenericExecuteSynth \"printf '%s\\\\n' \\'$DATA\\' >> {spoken}\"\n"
        'GenericCmdDependency "printf"\nAddVoice "en" "MALE1" "en"\n'
    )
    env = dict(os.environ, HOME=str(home), XDG_RUNTIME_DIR=str(run), SPLENDOR_A11Y_HOME=str(root / "games"))
    env.pop("SPLENDOR_A11Y_SPEECH", None)
    return env


def _dispatcher_log(root: Path, wanted: str) -> str:
    """speech-dispatcher's log once it has queued ``wanted`` (it writes it a little later)."""
    deadline = time.monotonic() + 20
    logged = ""
    while time.monotonic() < deadline and wanted not in logged:
        time.sleep(0.2)
        logged = "".join(p.read_text(errors="replace") for p in (root / "log").glob("*.log"))
    assert wanted in logged, f"speech-dispatcher did not receive: {wanted}"
    return logged


@pytest.mark.skipif(
    shutil.which("speech-dispatcher") is None,
    reason="speech-dispatcher is not installed (apt-get install speech-dispatcher)",
)
def test_announcements_reach_speech_dispatcher(tmp_path: Path) -> None:
    env = _headless_speechd(tmp_path)
    log = tmp_path / "games" / "s.jsonl"
    result = subprocess.run(
        cli_command() + ["play", "--speech", "on", "--seed", "3", "--log", str(log)],
        input=b"supply\n",
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert b"Supply: 4d 4s 4e 4r 4o 5g." in result.stdout
    assert b"No speech output was found" not in result.stdout
    _dispatcher_log(tmp_path, "Queueing message |Supply: 4d 4s 4e 4r 4o 5g.|")
    subprocess.run(["pkill", "-u", str(os.getuid()), "-f", f"speech-dispatcher.*{tmp_path.name}"], check=False)


@pytest.mark.skipif(
    shutil.which("speech-dispatcher") is None,
    reason="speech-dispatcher is not installed (apt-get install speech-dispatcher)",
)
def test_a_french_game_asks_speech_dispatcher_for_french(tmp_path: Path) -> None:
    env = _headless_speechd(tmp_path)
    log = tmp_path / "games" / "s.jsonl"
    result = subprocess.run(
        cli_command() + ["play", "--lang", "fr", "--speech", "on", "--seed", "3", "--log", str(log)],
        input="banque\n".encode(),
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Réserve : 4d 4s 4e 4r 4o 5g.".encode() in result.stdout
    logged = _dispatcher_log(tmp_path, "Queueing message |Réserve : 4d 4s 4e 4r 4o 5g.|")
    assert "SET self LANGUAGE fr" in logged, "the French voice was not asked for"
    subprocess.run(["pkill", "-u", str(os.getuid()), "-f", f"speech-dispatcher.*{tmp_path.name}"], check=False)

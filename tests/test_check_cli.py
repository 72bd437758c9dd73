"""`workbench check` end to end on the shared hand-made fixture (see conftest.py)."""

from __future__ import annotations

import json

import pytest

from workbench.cli import main
from workbench.grounding.results import PROBABILITY_GUIDE

# r1's source (conftest.SOURCE_A): "... משפט שני על התקציב של 12% גידול. ..."


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_output(dataset_file, capsys) -> None:
    code, out, err = run(
        capsys,
        "check",
        "--data",
        str(dataset_file),
        "--record",
        "r1",
        "--answer",
        "התקציב של 12% גידול. התקציב גדל ב-15%.",
        "--format",
        "json",
    )
    assert code == 0, err
    d = json.loads(out)
    assert set(d) == {
        "record",
        "claims",
        "supported_fraction",
        "probability",
        "mean_probability",
        "confidence",
    }
    assert d["record"] == "r1"
    first, second = d["claims"]
    # every claim carries its calibrated probability; the answer's is the weakest claim's
    assert all(0.0 <= c["probability"] <= 1.0 for c in d["claims"])
    assert d["probability"] == min(first["probability"], second["probability"])
    assert first["verdict"] == "supported" and first["supported"] is True
    assert first["spans"][0]["text"] == "משפט שני על התקציב של 12% גידול."
    assert second["verdict"] != "supported"
    # HIGH needs a supported verdict: the failed claim, and so the answer, are not high
    assert second["confidence"] in ("mixed", "low") and d["confidence"] in ("mixed", "low")
    assert "number 15% not found in source" in second["issues"]
    assert d["supported_fraction"] == 0.5


def test_text_output(dataset_file, capsys) -> None:
    code, out, _ = run(
        capsys,
        "check",
        "--data",
        str(dataset_file),
        "--record",
        "r2",
        "--answer",
        'צה"ל הודיע על תרגיל.',
    )
    assert code == 0
    assert "[supported]" in out and "1 of 1 claims supported" in out
    # the claim line shows its probability, the summary the answer's, with what it means
    claim_line = next(line for line in out.splitlines() if "[supported]" in line)
    p = float(claim_line.split(" P ")[1].split()[0])
    assert 0.0 <= p <= 1.0
    assert f"answer probability {p:.2f} (its weakest claim" in out
    assert PROBABILITY_GUIDE in " ".join(out.split())


def test_html_output(dataset_file, capsys) -> None:
    code, out, _ = run(
        capsys,
        "check",
        "--data",
        str(dataset_file),
        "--record",
        "r2",
        "--answer",
        'צה"ל הודיע <script>x</script>.',
        "--format",
        "html",
    )
    assert code == 0
    assert out.startswith("<!DOCTYPE html>")
    assert 'dir="rtl"' in out and "<script>" not in out and "&lt;script&gt;" in out


def test_answer_file(dataset_file, tmp_path, capsys) -> None:
    f = tmp_path / "answer.txt"
    f.write_text("משפט שלישי.", encoding="utf-8")
    code, out, _ = run(
        capsys,
        "check",
        "--data",
        str(dataset_file),
        "--record",
        "r3",
        "--answer-file",
        str(f),
        "--format",
        "json",
    )
    assert code == 0
    assert json.loads(out)["claims"][0]["verdict"] == "supported"


def test_empty_answer_has_a_clear_message(dataset_file, capsys) -> None:
    code, out, _ = run(
        capsys, "check", "--data", str(dataset_file), "--record", "r1", "--answer", ""
    )
    assert code == 0
    assert "empty" in out and "no claims" in out


def test_unknown_record_is_one_line(dataset_file, capsys) -> None:
    code, out, err = run(
        capsys, "check", "--data", str(dataset_file), "--record", "zzz", "--answer", "x"
    )
    assert code == 2
    line = err.strip()
    assert len(line.splitlines()) == 1 and "zzz" in line and "Traceback" not in err


def test_missing_answer_file_is_one_line(dataset_file, tmp_path, capsys) -> None:
    missing = tmp_path / "nope.txt"
    code, _, err = run(
        capsys,
        "check",
        "--data",
        str(dataset_file),
        "--record",
        "r1",
        "--answer-file",
        str(missing),
    )
    assert code == 2
    line = err.strip()
    assert len(line.splitlines()) == 1 and "nope.txt" in line and "not found" in line


def test_answer_file_not_utf8(dataset_file, tmp_path, capsys) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\xfa")
    code, _, err = run(
        capsys, "check", "--data", str(dataset_file), "--record", "r1", "--answer-file", str(bad)
    )
    assert code == 2 and "bad.txt" in err and len(err.strip().splitlines()) == 1


def test_missing_dataset_is_one_line(tmp_path, capsys) -> None:
    code, _, err = run(
        capsys, "check", "--data", str(tmp_path / "none.json"), "--record", "r1", "--answer", "x"
    )
    assert code == 2 and "none.json" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--record", "r1"],  # no answer
        ["check", "--record", "r1", "--answer", "x", "--answer-file", "f"],  # both
        ["check", "--record", "r1", "--answer", "x", "--format", "pdf"],
    ],
)
def test_usage_errors_exit_2(argv, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2


def test_no_record_points_to_the_records_command(capsys) -> None:
    assert main(["check", "--answer", "x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--record" in err and "workbench records" in err


def test_installed_entry_point_end_to_end(dataset_file) -> None:
    """The real process: exit codes and a one-line error, no traceback."""
    import subprocess
    import sys

    ok = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench",
            "check",
            "--data",
            str(dataset_file),
            "--record",
            "r1",
            "--answer",
            "התקציב של 12% גידול.",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["claims"][0]["verdict"] == "supported"
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench",
            "check",
            "--data",
            str(dataset_file),
            "--record",
            "nope",
            "--answer",
            "x",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr

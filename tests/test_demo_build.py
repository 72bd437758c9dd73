"""Tests for data/demo/build_demo.py and the committed demo JSON it produces.

The committed file must be exactly what a fresh build gives, every span must slice
back to its excerpt, and bad specs must fail with one line naming record, claim and
excerpt. Offsets and sentence ids in the small specs are known by construction
(the texts are concatenated from pieces whose lengths we add up here).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEMO_DIR = ROOT / "data" / "demo"
RECORDS_DIR = DEMO_DIR / "records"
COMMITTED = DEMO_DIR / "abstractive_qa_demo.json"

_spec = importlib.util.spec_from_file_location("build_demo", DEMO_DIR / "build_demo.py")
build_demo = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_demo)

# Field order of the dataset card's Field reference tables.
CARD_RECORD_FIELDS = [
    "id",
    "source_task_id",
    "genre",
    "difficulty",
    "document_id",
    "question",
    "source_text",
    "reference_answer",
    "claims",
    "human_ratings",
]
CARD_CLAIM_FIELDS = ["claim_id", "text", "attribution"]
CARD_SPAN_FIELDS = [
    "sentence_id",
    "source_excerpt",
    "start_char",
    "end_char",
    "verified",
    "verification_method",
]
CARD_DIMENSIONS = ["coherence", "relevance", "completeness", "faithfulness", "attribution"]
FOUR_RATERS = {f"annotator_{i}": [2, 2, 2, 2, 2] for i in (1, 2, 3, 4)}


def committed_records() -> list[dict]:
    assert COMMITTED.is_file(), f"{COMMITTED} is missing: run python data/demo/build_demo.py"
    return json.loads(COMMITTED.read_text(encoding="utf-8"))


def write_spec(
    folder: Path, rid: str, paragraphs: list[str], claims: list[dict], overrides: dict | None = None
) -> Path:
    """Write one minimal valid spec (genre and difficulty taken from the id), then overrides."""
    genre = {"dia": "dialogue", "enc": "encyclopedic", "jou": "journalistic"}[rid[:3]]
    spec = {
        "id": rid,
        "source_task_id": f"t-{rid}",
        "genre": genre,
        "difficulty": int(rid.split("-")[1]),
        "document_id": f"d-{rid}",
        "question": "מה נאמר?",
        "source_paragraphs": paragraphs,
        "claims": claims,
        "ratings": FOUR_RATERS,
    }
    spec.update(overrides or {})
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{rid}.json"
    path.write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    return path


# ----------------------------------------------------------------- committed demo set


def test_committed_json_is_a_fresh_build(tmp_path: Path) -> None:
    committed = COMMITTED.read_bytes() if COMMITTED.is_file() else None
    assert committed is not None, f"{COMMITTED} is missing: run python data/demo/build_demo.py"
    out = tmp_path / "demo.json"
    build_demo.build(RECORDS_DIR, out)
    assert out.read_bytes() == committed
    # and building again into the same place changes nothing
    build_demo.build(RECORDS_DIR, out)
    assert out.read_bytes() == committed


def test_committed_json_format() -> None:
    raw = COMMITTED.read_bytes()
    assert raw.endswith(b"]\n")
    text = raw.decode("utf-8")
    assert "\\u05" not in text  # Hebrew written as UTF-8, not \u escapes
    assert text.startswith('[\n {\n  "id": ')  # indent=1


def test_every_span_slices_back_to_its_excerpt() -> None:
    n_spans = 0
    for rec in committed_records():
        for claim in rec["claims"]:
            for span in claim["attribution"]:
                text = rec["source_text"][span["start_char"] : span["end_char"]]
                assert text == span["source_excerpt"], (rec["id"], claim["claim_id"])
                assert span["verified"] is True
                assert span["verification_method"] == "auto"
                n_spans += 1
    assert n_spans > 0


def test_committed_records_follow_the_card_schema() -> None:
    records = committed_records()
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids))
    genre_rank = {"dialogue": 0, "encyclopedic": 1, "journalistic": 2}
    assert ids == [
        r["id"]
        for r in sorted(records, key=lambda r: (genre_rank[r["genre"]], r["difficulty"], r["id"]))
    ]
    for rec in records:
        assert list(rec) == CARD_RECORD_FIELDS
        assert rec["genre"] in genre_rank and rec["difficulty"] in (0, 1, 2)
        assert [c["claim_id"] for c in rec["claims"]] == list(range(len(rec["claims"])))
        for claim in rec["claims"]:
            assert list(claim) == CARD_CLAIM_FIELDS
            for span in claim["attribution"]:
                assert list(span) == CARD_SPAN_FIELDS
                assert 0 <= span["start_char"] < span["end_char"] <= len(rec["source_text"])
                # sentence_id counts the sentence starts at or before start_char, so it can
                # never exceed the number of newlines plus terminal punctuation before it
                before = rec["source_text"][: span["start_char"]]
                bound = sum(before.count(ch) for ch in ".?!\n")
                assert 0 <= span["sentence_id"] <= bound
        assert [r["annotator_id"] for r in rec["human_ratings"]] == [
            f"annotator_{i}" for i in (1, 2, 3, 4)
        ]
        for rating in rec["human_ratings"]:
            assert list(rating["scores"]) == CARD_DIMENSIONS
            assert all(s in (0, 1, 2) for s in rating["scores"].values())


def test_committed_records_follow_the_content_rules() -> None:
    """The demo set's content rules: sources of 1,500-8,000 characters, 1-4 claims of 1-3
    spans each (the spec format of data/demo/README.md), two records per genre x difficulty."""
    records = committed_records()
    per_cell: dict[tuple[str, int], int] = {}
    for rec in records:
        assert 1500 <= len(rec["source_text"]) <= 8000, rec["id"]
        assert 1 <= len(rec["claims"]) <= 4, rec["id"]
        assert all(1 <= len(c["attribution"]) <= 3 for c in rec["claims"]), rec["id"]
        per_cell[(rec["genre"], rec["difficulty"])] = (
            per_cell.get((rec["genre"], rec["difficulty"]), 0) + 1
        )
    for genre in {g for g, _ in per_cell}:
        assert [per_cell.get((genre, d), 0) for d in (0, 1, 2)] == [2, 2, 2], genre


def test_dialogue_sources_are_speaker_turns() -> None:
    for rec in committed_records():
        if rec["genre"] == "dialogue":
            for turn in rec["source_text"].split("\n"):
                speaker, sep, said = turn.partition(": ")
                assert sep and speaker and said, (rec["id"], turn[:40])


def test_check_flag_on_committed_json_passes_as_a_script() -> None:
    result = subprocess.run(
        [sys.executable, str(DEMO_DIR / "build_demo.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


# ----------------------------------------------------------------- small specs in tmp_path


def test_offsets_and_sentence_ids_by_construction(tmp_path: Path) -> None:
    p1_a = "דנה: שלום לכולם. "  # sentence 0
    p1_b = 'היום נדבר על 2.5 מיליון ש"ח!'  # sentence 1 (the dot in 2.5 does not split)
    p2_a = "יוסי: מה? "  # sentence 2
    p2_b = "אני לא מבין."  # sentence 3
    p1, p2 = p1_a + p1_b, p2_a + p2_b
    claims = [
        {"text": "מדובר בסכום גדול.", "excerpts": ["2.5 מיליון"], "kind": "number"},
        {"text": "יוסי לא הבין.", "excerpts": ["יוסי", "אני לא מבין"]},
    ]
    write_spec(tmp_path / "rec", "dia-1-a", [p1, p2], claims)
    (rec,) = build_demo.build(tmp_path / "rec", tmp_path / "out.json")

    assert rec["source_text"] == p1 + "\n" + p2
    assert rec["reference_answer"] == "מדובר בסכום גדול. יוסי לא הבין."
    s0, s1, s2 = rec["claims"][0]["attribution"][0], *rec["claims"][1]["attribution"]
    start = len(p1_a) + len("היום נדבר על ")
    assert (s0["start_char"], s0["end_char"], s0["sentence_id"]) == (start, start + 10, 1)
    start = len(p1) + 1
    assert (s1["start_char"], s1["end_char"], s1["sentence_id"]) == (start, start + 4, 2)
    start = len(p1) + 1 + len(p2_a)
    assert (s2["start_char"], s2["end_char"], s2["sentence_id"]) == (start, start + 11, 3)
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8")) == [rec]


def test_sentence_rule_on_quotes_and_blank_lines() -> None:
    text = 'הוא אמר: "די." ואז הלך!\n\nשאלה? כן.'
    # sentences: 'הוא אמר: "די." ' | 'ואז הלך!\n\n' | 'שאלה? ' | 'כן.'
    expected = [0, len('הוא אמר: "די." '), len('הוא אמר: "די." ואז הלך!\n\n')]
    expected.append(expected[-1] + len("שאלה? "))
    assert build_demo.sentence_starts(text) == expected


def test_occurrence_picks_the_nth_match(tmp_path: Path) -> None:
    first = "אבא אמר כן. "
    para = first + "אמא אמרה כן."
    claims = [{"text": "אמא הסכימה.", "excerpts": [{"text": "כן", "occurrence": 1}]}]
    write_spec(tmp_path, "enc-0-a", [para], claims)
    (rec,) = build_demo.build_records(tmp_path)
    span = rec["claims"][0]["attribution"][0]
    start = len(first) + len("אמא אמרה ")
    assert (span["start_char"], span["end_char"], span["sentence_id"]) == (start, start + 2, 1)


def test_records_are_ordered_by_genre_difficulty_id(tmp_path: Path) -> None:
    claims = [{"text": "טענה.", "excerpts": ["שלום"]}]
    for rid in ["jou-0-a", "dia-2-a", "enc-1-a", "dia-0-b", "dia-0-a"]:
        write_spec(tmp_path, rid, ["דובר: שלום."], claims)
    got = [r["id"] for r in build_demo.build_records(tmp_path)]
    assert got == ["dia-0-a", "dia-0-b", "dia-2-a", "enc-1-a", "jou-0-a"]


def _error(tmp_path: Path) -> str:
    with pytest.raises(build_demo.DemoSpecError) as info:
        build_demo.build(tmp_path, tmp_path / "out.json")
    message = str(info.value)
    assert "\n" not in message
    assert not (tmp_path / "out.json").exists()
    return message


def test_missing_excerpt_fails_naming_record_claim_and_excerpt(tmp_path: Path) -> None:
    claims = [
        {"text": "א.", "excerpts": ["שלום"]},
        {"text": "ב.", "excerpts": ["שלום", "מילה שאיננה"]},
    ]
    write_spec(tmp_path, "dia-0-a", ["דובר: שלום לכולם."], claims)
    message = _error(tmp_path)
    assert "dia-0-a" in message and "claim 1" in message and "excerpt 1" in message
    assert "מילה שאיננה" in message and "not found" in message


def test_ambiguous_excerpt_fails_and_suggests_occurrence(tmp_path: Path) -> None:
    claims = [{"text": "א.", "excerpts": ["כן"]}]
    write_spec(tmp_path, "jou-2-b", ["כן, אמרתי כן."], claims)
    message = _error(tmp_path)
    assert "jou-2-b" in message and "claim 0" in message and "'כן'" in message
    assert "ambiguous" in message and "2 times" in message and "occurrence" in message


def test_occurrence_out_of_range_fails(tmp_path: Path) -> None:
    claims = [{"text": "א.", "excerpts": [{"text": "כן", "occurrence": 2}]}]
    write_spec(tmp_path, "jou-2-b", ["כן, אמרתי כן."], claims)
    assert "occurrence 2" in _error(tmp_path)


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"genre": "poetry"}, "genre"),
        ({"difficulty": 1}, "does not match"),
        ({"difficulty": True}, "difficulty"),
        ({"ratings": {**FOUR_RATERS, "annotator_4": [2, 2, 3, 2, 2]}}, "ratings[annotator_4]"),
        ({"ratings": {"annotator_1": [2, 2, 2, 2, 2]}}, "exactly 4 annotators"),
        ({"claims": []}, "claims"),
        ({"question": ""}, "question"),
        ({"rating": {}}, "unknown field(s) rating"),
        ({"claims": [{"text": "א.", "excerpts": ["שלום"], "kind": "guess"}]}, "kind"),
        ({"claims": [{"text": "א.", "excerpts": []}]}, "excerpts"),
    ],
)
def test_schema_breaks_fail_with_the_field(tmp_path: Path, extra: dict, expected: str) -> None:
    claims = [{"text": "א.", "excerpts": ["שלום"]}]
    write_spec(tmp_path, "dia-0-a", ["דובר: שלום."], claims, extra)
    message = _error(tmp_path)
    assert "dia-0-a" in message and expected in message


def test_missing_field_and_file_name_mismatch_fail(tmp_path: Path) -> None:
    path = write_spec(
        tmp_path / "a", "dia-0-a", ["דובר: שלום."], [{"text": "א.", "excerpts": ["שלום"]}]
    )
    spec = json.loads(path.read_text(encoding="utf-8"))
    del spec["question"]
    path.write_text(json.dumps(spec), encoding="utf-8")
    assert "missing field(s) question" in _error(tmp_path / "a")

    path = write_spec(
        tmp_path / "b", "dia-0-a", ["דובר: שלום."], [{"text": "א.", "excerpts": ["שלום"]}]
    )
    path.rename(path.with_name("dia-0-b.json"))
    assert "file name" in _error(tmp_path / "b")


def test_main_check_flag_and_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    records, out = tmp_path / "records", tmp_path / "out.json"
    write_spec(records, "dia-0-a", ["דובר: שלום."], [{"text": "א.", "excerpts": ["שלום"]}])
    args = ["--records", str(records), "--out", str(out)]

    assert build_demo.main([*args, "--check"]) == 1  # nothing built yet
    assert build_demo.main(args) == 0
    assert build_demo.main([*args, "--check"]) == 0
    out.write_bytes(out.read_bytes().replace(b"\n", b"\r\n"))
    assert build_demo.main([*args, "--check"]) == 1
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []

    write_spec(records, "dia-0-a", ["דובר: שלום."], [{"text": "א.", "excerpts": ["להתראות"]}])
    capsys.readouterr()
    assert build_demo.main(args) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "להתראות" in err and "Traceback" not in err

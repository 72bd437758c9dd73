"""export-fmeval: the JSON Lines FMEval reads, facts from a file or a reviewed copy."""

from __future__ import annotations

import json

import pytest

from workbench.cli import main
from workbench.scoring.fmeval_export import DATA_CONFIG_SNIPPET, fmeval_lines


def _lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_lines_keys_and_fact_sources(records):
    records[2]["fact"] = "משפט שלישי<OR>המשפט השלישי"  # as a reviewed copy carries it
    lines = fmeval_lines(records, {"r1": "12%<OR>שנים עשר אחוז"})
    assert [sorted(line) for line in lines] == [
        ["fact", "ground_truth_answer", "id", "question"],
        ["ground_truth_answer", "id", "question"],
        ["fact", "ground_truth_answer", "id", "question"],
    ]
    assert lines[0] == {
        "id": "r1",
        "question": "מה גדל?",
        "ground_truth_answer": "התקציב גדל ב-12%.",
        "fact": "12%<OR>שנים עשר אחוז",
    }
    assert lines[2]["fact"] == "משפט שלישי<OR>המשפט השלישי"
    only = fmeval_lines(records, {"r1": "12%"}, only_with_fact=True, category=True)
    assert [(x["id"], x["category"]) for x in only] == [
        ("r1", "encyclopedic"),
        ("r3", "encyclopedic"),
    ]


def test_cli_export_round_trip(tmp_path, dataset_file, write_json, capsys):
    facts = tmp_path / "facts.jsonl"
    facts.write_text(json.dumps({"id": "r2", "fact": "תרגיל"}, ensure_ascii=False) + "\n", "utf-8")
    out = tmp_path / "gt.jsonl"
    before = dataset_file.read_bytes()
    code = main(
        ["export-fmeval", "--data", str(dataset_file), "--facts", str(facts), "--out", str(out)]
    )
    assert code == 0 and dataset_file.read_bytes() == before
    got = _lines(out)
    assert [x["id"] for x in got] == ["r1", "r2", "r3"]
    assert got[1]["fact"] == "תרגיל" and "fact" not in got[0]
    assert "wrote 3 lines (1 with a fact)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--out", "x.json"], "use a .jsonl file name"),
        (["--out", "x.jsonl", "--only-with-fact"], "no record has a fact"),
    ],
)
def test_cli_export_errors(tmp_path, dataset_file, capsys, monkeypatch, extra, message):
    monkeypatch.chdir(tmp_path)
    assert main(["export-fmeval", "--data", str(dataset_file), *extra]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]
    assert not (tmp_path / "x.jsonl").exists()


def test_unknown_fact_ids_and_no_overwrite(tmp_path, dataset_file, capsys):
    facts = tmp_path / "facts.jsonl"
    facts.write_text('{"id": "zz", "fact": "x"}\n', "utf-8")
    code = main(
        [
            "export-fmeval",
            "--data",
            str(dataset_file),
            "--facts",
            str(facts),
            "--out",
            str(tmp_path / "o.jsonl"),
        ]
    )
    assert code != 0 and "ids not in the dataset" in capsys.readouterr().err
    code = main(
        ["export-fmeval", "--data", str(dataset_file), "--facts", str(facts), "--out", str(facts)]
    )
    assert code != 0 and facts.read_text("utf-8") == '{"id": "zz", "fact": "x"}\n'


def test_data_config_snippet_names_the_exported_keys():
    for key in ('model_input_location="question"', 'target_output_location="ground_truth_answer"',
                'target_output_location="fact"', "MIME_TYPE_JSONLINES"):  # fmt: skip
        assert key in DATA_CONFIG_SNIPPET
    compile(DATA_CONFIG_SNIPPET, "snippet", "exec")  # valid Python

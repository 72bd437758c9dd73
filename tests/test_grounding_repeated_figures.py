"""Round 28, dup28: a figure the claim states more often than the source does (own
Hebrew sentences; the expected verdicts come from the Hebrew)."""

from __future__ import annotations

from workbench.grounding import IssueKind, ground_claim

CONTEST = "בתחרות השתתפו השנה 212 כלים מ-31 מדינות, ו-40 מהם נבנו בישראל."


def test_one_figure_of_the_source_cannot_count_two_things() -> None:
    got = ground_claim("בתחרות השתתפו 212 כלים, מ-212 מדינות.", CONTEST)
    assert got.verdict != "supported", got.messages
    assert any(i.kind is IssueKind.BOUND_ELSEWHERE and "212" in i.message for i in got.issues)
    got = ground_claim("בתחרות השתתפו 212 כלים מ-31 מדינות.", CONTEST)
    assert got.verdict == "supported", got.messages


def test_a_figure_the_source_states_twice_may_be_said_twice() -> None:
    source = "בבית הספר 40 מורים, ובגן הסמוך עובדות 40 גננות וסייעות."
    got = ground_claim("בבית הספר 40 מורים, ובגן הסמוך 40 גננות וסייעות.", source)
    assert got.verdict == "supported", got.messages


def test_number_words_may_repeat_as_a_phrase() -> None:
    """ "שניים שניים" (in pairs) repeats a word, not a figure."""
    source = "המורה ביקשה שהתלמידים יכתבו את העבודה בזוגות."
    got = ground_claim("המורה ביקשה שהתלמידים יכתבו את העבודה שניים שניים.", source)
    assert not any("stated" in m for m in got.messages), got.messages

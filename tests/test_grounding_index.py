"""SourceIndex.flat_at: the flat position of a character offset of the source."""

from __future__ import annotations

from workbench.grounding.reading.index import index_source

SOURCE = "הספרייה נפתחה ב-2019. בשנה הראשונה נרשמו 340 קוראים."


def test_a_word_start_gives_that_word() -> None:
    idx = index_source(SOURCE)
    for p, t in enumerate(idx.flat):
        assert idx.flat_at(t.start) == p


def test_an_offset_inside_a_word_or_a_gap_gives_the_next_word() -> None:
    idx = index_source(SOURCE)
    first, second = idx.flat[0], idx.flat[1]
    assert idx.flat_at(first.start + 1) == 1  # inside "הספרייה"
    assert idx.flat_at(first.end) == 1  # the space after it
    assert idx.source[second.start : second.end] == "נפתחה"


def test_a_span_end_gives_the_word_after_the_span() -> None:
    idx = index_source(SOURCE)
    at = SOURCE.index("340")
    p = idx.flat_at(at + len("340"))
    assert idx.source[idx.flat[p].start : idx.flat[p].end] == "קוראים"


def test_past_the_last_word_gives_the_token_count() -> None:
    idx = index_source(SOURCE)
    assert idx.flat_at(len(SOURCE) + 5) == len(idx.flat)
    assert idx.flat_at(0) == 0

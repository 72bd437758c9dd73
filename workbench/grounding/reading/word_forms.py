"""The index forms of one word: what the source index and the checks match it under.

A word's forms (its key, number value, prefix stems, suffix-stripped lemmas, a future
verb's stem without its person prefix, root skeletons) are computed once per word and
kept across sentences and sources (``word_info``); ``frame_forms`` is the set a copied
phrase's words share. Split from ``index`` (round 27 review: that module was over its
500-line cap).
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.hebrew import Token, is_negation, month_values


@dataclass(frozen=True, slots=True)
class WordInfo:
    """The index forms of one distinct word (a function of its key, stems and value: see
    ``word_info``)."""

    exact: tuple[str, ...]
    loose: tuple[str, ...]
    soft: tuple[str, ...]
    roots: tuple[str, ...]
    negation: bool
    frames: frozenset[str]
    frame_order: tuple[str, ...]  # ``frames`` in its iteration order
    maybe_number: bool  # a number, or the עשר / עשרה that may end a teen
    month: bool  # a month name


_TEN = frozenset(("עשר", "עשרה"))  # as in ``workbench.hebrew.numbers.extract_numbers``
_WORD_INFO: dict[tuple[str, tuple[str, ...], str | None], WordInfo] = {}
_WORD_INFO_MAX = 1 << 17


def _future_stems(t: Token) -> tuple[str, ...]:
    """A future-tense verb's stem without its person prefix (י, ת, נ), marked "~": Hebrew
    inflects the future for person and gender by that prefix alone, so "יעבור" (he, it)
    and "תעבור" (she) are one verb (round 10 binding10, restored in round 10 retry-a on
    heldout4's evidence)."""
    if t.number is not None or not t.roots or len(t.key) < 4 or t.key[0] not in "יתנ":
        return ()
    return tuple("~" + f[1:] for f in (t.key, *t.lemmas) if f[:1] == t.key[0] and len(f) >= 4)


def word_info(t: Token) -> WordInfo:
    """The index forms of ``t``'s word, kept across sentences and sources.

    A token's forms depend on its key (the word, or a number's canonical value) and on
    the stems and value its context gave it ("אי" before "אפשר" takes the stem לא: it
    negates there, an island elsewhere), so they are computed once per key, stems and
    value; keyed by the word alone, whichever "אי" a process met first decided for every
    later source. The table is emptied when it reaches its bound.
    """
    cache_key = (t.key, t.stems, t.number)
    got = _WORD_INFO.get(cache_key)
    if got is None:
        keys = t.keys
        frames = frozenset((*keys, *t.lemmas, *_future_stems(t)))
        got = WordInfo(
            (t.key,) if t.number is None else (t.key, t.number),
            keys,
            (*keys, *t.lemmas),
            t.roots,
            is_negation(t),
            frames,
            tuple(frames),
            t.number is not None or t.key in _TEN,
            bool(month_values([t])),
        )
        if len(_WORD_INFO) >= _WORD_INFO_MAX:
            _WORD_INFO.clear()
        _WORD_INFO[cache_key] = got
    return got


def frame_forms(t: Token) -> frozenset[str]:
    """The forms a word shares with its neighbours in a copied phrase: itself, its prefix
    stems and its suffix-stripped lemmas (not root skeletons, which are too loose)."""
    return word_info(t).frames

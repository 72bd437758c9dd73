"""A dialogue's speakers, read once per source for the index (``SourceIndex.speakers``,
``sent_speaker``, ``speaker_labels``): each speaker's name words, which speaker says each
sentence, and each speaker's label. Split from ``index`` in round 32."""

from __future__ import annotations

import bisect

from workbench.hebrew import Turn, is_stopword, tokenize

# the shortest prefix stem of a label word kept as a name word: two letters left after a
# prefix ("לנה" -> "נה") are a fragment many words share, not a name
MIN_NAME_STEM = 3


def _label_words(label: str) -> set[str]:
    """The content words (and their prefix stems) of a speaker label outside parentheses.

    A stem of under ``MIN_NAME_STEM`` letters is not kept (round 47): "לנה" read as ל + "נה"
    named Lena in every "שנה" of a claim ("ש" + "נה"), so "כמה שנים ...? 12 שנה" was
    heard as a claim about her."""
    depth, kept = 0, []
    for ch in label:
        depth += ch == "("
        if depth == 0:
            kept.append(ch)
        depth -= ch == ")" and depth > 0
    ws: set[str] = set()
    for tok in tokenize("".join(kept)):
        if not is_stopword(tok) and tok.number is None:
            ws.add(tok.key)
            ws.update(st for st in tok.stems if len(st) >= MIN_NAME_STEM)
    return ws


def _role_label(label: str) -> bool:
    """Whether a speaker label reads "NAME (ROLE)": a name, then a role in parentheses
    closing the label ("דנה (מנהלת הבריכה)"), the form of a dialogue's speaker line."""
    name, paren, role = label.strip().partition("(")
    return bool(paren and name.strip() and role.endswith(")") and role[:-1].strip())


def dialogue_speakers(
    turns: list[Turn], sentences: list[tuple[int, int]]
) -> tuple[list[frozenset[str]], list[int], list[str]]:
    """Each dialogue speaker's name words, which speaker says each sentence, and each
    speaker's label.

    A speaker's name words are the words of the label outside parentheses, minus function
    words and words that several speakers share ("חבר המועצה מאיר" / "חברת המועצה שרון"
    -> {חבר, מאיר} / {חברת, שרונ}). Labels with the same name words are one speaker, whose
    label is the first one with a role: "רינה גולן (דיירת)" and a later "רינה גולן:"
    (round 32; read as two speakers, they shared every name word, and both had none).
    """
    keys: list[frozenset[str]] = []
    labels: list[str] = []
    n_turns: dict[frozenset[str], int] = {}
    for t in turns:
        key = _speaker_key(t.speaker)
        if t.speaker and key not in keys:
            keys.append(key)
            labels.append(t.speaker)
        elif t.speaker and _role_label(t.speaker) and not _role_label(labels[keys.index(key)]):
            labels[keys.index(key)] = t.speaker
        n_turns[key] = n_turns.get(key, 0) + 1
    # a dialogue: two speakers who each speak twice (lines opening with headings,
    # "מקורות הזרימה: ...", are none) or two labelled "NAME (ROLE)" (dialog27)
    twice = sum(1 for k in keys if n_turns[k] >= 2)
    if twice < 2 and sum(1 for lb in labels if _role_label(lb)) < 2:
        return [], [-1] * len(sentences), []
    counts: dict[str, int] = {}
    for ws in keys:
        for w in ws:
            counts[w] = counts.get(w, 0) + 1
    speakers = [frozenset(w for w in ws if counts[w] == 1) for ws in keys]
    sent_speaker = [-1] * len(sentences)
    starts = [s for s, _ in sentences]
    for t in turns:
        if not t.speaker:
            continue
        k = keys.index(_speaker_key(t.speaker))
        lo = bisect.bisect_left(starts, t.start)
        hi = bisect.bisect_left(starts, t.end)
        for i in range(lo, hi):
            sent_speaker[i] = k
    return speakers, sent_speaker, labels


def _speaker_key(label: str) -> frozenset[str]:
    """Who a label names: its name words, or the label itself when it has none."""
    return frozenset(_label_words(label)) or frozenset({label})

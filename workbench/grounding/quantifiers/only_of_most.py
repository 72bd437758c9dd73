"""A claim that says "only" where the source says "mostly" (round 40).

"הוקרנו בו בעיקר סרטים אמריקאיים" -> "הוקרנו בו רק סרטים אמריקאיים"; "ורוב העבודות שלה היו
בבתי אריזה" -> "עבדה רק בבתי אריזה"; "ניזונה כמעט רק מעלי אלון" -> "ניזונה רק מעלי אלון".
The claim's "only" (רק, בלבד, "אך ורק"; not "לא רק" nor "כמעט רק") restricts a word: the
first content word after רק, or the one before בלבד ("רק אם", only if, is a condition). Where the source states that word in a
clause after a word of "mostly" (בעיקר, רוב, רובם, מרבית..., or "כמעט" before an "only"),
and no clause of the source states the word after an "only" of its own, the claim makes the
source's majority the whole: a ``generalised`` issue pointing at the source's clause.
"""

from __future__ import annotations

from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import clip, has_form, is_content
from workbench.grounding.reading.sentence_clauses import clause_at
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import CONDITIONS, ONLY_WORDS, PART_PRONOUNS, is_negation, normalize

# "Mostly": the majority words before their noun or as a pronoun after it, and בעיקר.
_MOSTLY = frozenset(
    normalize(p + w).text
    for w in ("רוב", "רובם", "רובן", "רובו", "רובה", "מרבית", "מרביתם", "מרביתן", "בעיקר")
    for p in ("", "ו", "ב", "וב")
)
_AFTER = frozenset({normalize("בלבד").text})
_ALMOST = normalize("כמעט").text


def _only_word(claim: Claim) -> frozenset[str] | None:
    """The forms of the word the claim's "only" restricts, or None when it has none."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    for i, t in enumerate(toks):
        if not has_form(t, ONLY_WORDS):
            continue
        before = toks[i - 1] if i else None
        if before is not None and (is_negation(before) or before.key == _ALMOST):
            return None
        after = toks[i + 1] if i + 1 < len(toks) else None
        if after is not None and (has_form(after, CONDITIONS) or after.key.startswith("כש")):
            return None  # "רק אם", "רק כש": only if, a condition (``conditions``)
        if t.key in _AFTER:
            word = next((u for u in reversed(toks[:i]) if is_content(u)), None)
        else:
            word = next(
                (u for u in toks[i + 1 : i + 3] if is_content(u) and u.number is None), None
            )
        return frame_forms(word) if word is not None else None
    return None


def _mostly(idx: SourceIndex, p: int) -> bool:
    """Flat token ``p`` says "mostly": a majority word, or כמעט before an "only"."""
    t = idx.flat[p]
    if t.key in _MOSTLY or has_form(t, PART_PRONOUNS & _MOSTLY):
        return True
    nxt = idx.flat[p + 1] if p + 1 < len(idx.flat) else None
    return t.key == _ALMOST and nxt is not None and has_form(nxt, ONLY_WORDS)


def _stated_only(idx: SourceIndex, word: frozenset[str]) -> bool:
    """Whether the source states ``word`` in a clause after an "only" not after כמעט."""
    flat = idx.flat
    for p, t in enumerate(flat):
        if not has_form(t, ONLY_WORDS) or (p and flat[p - 1].key == _ALMOST):
            continue
        cl = clause_at(idx, p)
        if any(frame_forms(u) & word for u in flat[cl.lo : cl.hi]):
            return True
    return False


def only_of_most(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """``generalised`` when the claim says "only" of what the source says "mostly"."""
    word = _only_word(claim)
    if not word or _stated_only(idx, word):
        return []
    flat = idx.flat
    for p in range(len(flat)):
        if not _mostly(idx, p):
            continue
        cl = clause_at(idx, p)
        if any(frame_forms(u) & word for u in flat[p + 1 : cl.hi]):
            s, e = flat[cl.lo].start, flat[cl.hi - 1].end
            msg = (
                f"the source says this of most («{clip(idx.source[s:e])}», source [{s}:{e}]); "
                "the claim says only"
            )
            return [Issue(IssueKind.GENERALISED, msg, (s, e))]
    return []

"""Numbers bound to their partners: a figure to the noun it counts or the unit it
measures, a year or percentage to the words around it, in one clause of the source.
A value of the same kind bound there instead is a conflict ("4,800 עולים" where the
source counts 1,700 immigrants and 4,800 is the 1990 population).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from workbench.grounding.params import MOVED_MAX_DF, PARTNER_REACH
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex, frame_forms
from workbench.grounding.reading.pieces import (
    clip,
    excerpt,
    has_form,
    has_prefix,
    is_content,
    sentence_numbers,
)
from workbench.grounding.reading.sentence_clauses import EVERY, MARKS, sentence_clauses
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import (
    ERA_WORDS,
    LIGHT_WORDS,
    PARTITIVE_PRONOUNS,
    QUANTITY_WORDS,
    TIME_PARTS,
    UNITS,
    NumberMention,
    Token,
    is_light,
    is_stopword,
    is_year,
    month_values,
    normalize,
)


def kind_of(m: NumberMention) -> str:
    """A number's kind, for "another value of the same kind": a year or date, a
    percentage, or another figure (four digits counting a noun or measured in a unit,
    "2000 שקל", "1200 מיטות", are a figure: ``NumberMention.amount``)."""
    if m.is_date:
        return "year"
    if m.percent:
        return "percent"
    digits = m.text.strip().lstrip("-בלמהוכש")
    return "year" if is_year(digits) and not m.amount else "figure"


# What a part names instead of its noun, pointing at its whole ("18 מתוך 45", "52 מהם").
POINTS_AT_WHOLE = PARTITIVE_PRONOUNS | frozenset(normalize(w).text for w in ("מתוך", "מזה"))


def names_a_part(toks: Sequence[Token], j: int) -> bool:
    """Whether the claim's figure (its last token ``toks[j]``) is a part of something
    definite it names with מ, next to it or after its unit: "25 מהזוגות", "320 אלף שקל
    מהנזק", "ארבע מבוגרות הקורס", "12 מתוך 17 הגנבים" (not "6 חנויות מדדו את", whose מ
    is the verb's own)."""
    return any(
        has_form(toks[k], POINTS_AT_WHOLE) or has_prefix(toks[k], "מ") and _definite(toks, k)
        for k in range(j + 1, min(j + 3, len(toks)))
    )


def _definite(toks: Sequence[Token], k: int) -> bool:
    """Whether the noun ``toks[k]`` (its מ aside) is definite: it has the article
    ("מהזוגות"), or it heads a construct chain ending in a word that has one within two
    words ("מבוגרות הקורס", "מבעלי זכות הבחירה"; "מדדו את הראייה" is a verb and object)."""
    if toks[k].key[1:2] == "ה":
        return True
    for t in toks[k + 1 : k + 3]:
        if t.key in _OBJECT_MARKERS or t.number is not None:
            return False
        if t.key[:1] == "ה":
            return True
    return False


_OBJECT_MARKERS = frozenset(normalize(w).text for w in ("את", "אותו", "אותה", "אותם", "אותן"))


@dataclass(frozen=True, slots=True)
class _Clause:
    """A clause of a source sentence: its words' forms and the numbers it states."""

    start: int
    end: int
    forms: frozenset[str]
    numbers: tuple[NumberMention, ...]


def _clauses(idx: SourceIndex, sent: int) -> list[_Clause]:
    """The clauses of sentence ``sent`` (``sentence_clauses``, by ``EVERY`` cut: a relative
    clause is one of its own, "שנגנב ב-2013" binds its year to its own verb) with their
    words' forms and numbers (computed once per source sentence)."""
    got = idx.derived.get(("number clauses", sent))
    if got is None:
        got = idx.derived[("number clauses", sent)] = _cut_clauses(idx, sent)
    return got  # type: ignore[return-value]


def _cut_clauses(idx: SourceIndex, sent: int) -> list[_Clause]:
    clauses = sentence_clauses(idx, sent, EVERY)
    if not clauses:
        return []
    lo, hi = idx.sent_flat[sent]
    toks = idx.flat[lo:hi]
    mentions = [*sentence_numbers(idx, sent), *_eras(idx.source, toks)]
    out = []
    for cl in clauses:
        s, e = cl.start, cl.end
        forms = frozenset(f for t in cl.toks for f in frame_forms(t))
        nums = tuple(m for m in mentions if s <= m.start < e)
        out.append(_Clause(s, e, forms, nums))
    return out


def _eras(text: str, toks: Sequence[Token]) -> list[NumberMention]:
    """Eras named by an ordinal or a decade ("בשנות השבעים", "במאה העשירית", "בשנות
    ה-90"), as dates: another time of a year's kind where a claim puts its year."""
    out = []
    for i, t in enumerate(toks[:-1]):
        if not has_form(t, ERA_WORDS):
            continue
        u = toks[i + 1]
        if u.key == "ה" and i + 2 < len(toks):
            u = toks[i + 2]
        elif not u.key.startswith("ה"):
            continue
        if u.number is not None:
            era = f"era {t.key} {u.number}"
            out.append(NumberMention(era, t.start, u.end, text[t.start : u.end], is_date=True))
    return out


def _partners(claim: Claim, mention: NumberMention, idx: SourceIndex) -> list[frozenset[str]]:
    """The claim's content words within ``PARTNER_REACH`` words of a number (the noun it
    counts, the event it dates) that the source holds somewhere."""
    toks = [t for t in claim.tokens if claim.asserts(t)]
    at = [i for i, t in enumerate(toks) if mention.start <= t.start < mention.end]
    if not at:
        return []
    lo, hi = max(0, at[0] - PARTNER_REACH), min(len(toks), at[-1] + PARTNER_REACH + 1)
    out = []
    for t in toks[lo:hi]:
        if mention.start <= t.start < mention.end or not is_content(t) or t.number is not None:
            continue
        if month_values([t]) or has_form(t, TIME_PARTS):  # "בתחילת דצמבר": the date's own
            continue
        forms = frame_forms(t)
        if any(f in idx.form_pos for f in forms) and not is_light(t):
            out.append(forms)
    return out


def _asked_partners(claim: Claim, mention: NumberMention, idx: SourceIndex) -> list[frozenset[str]]:
    """For the answer's first figure, the question's rare words: "באיזו שנה הותקנה מכונת
    הגיהוץ? ב-1989, 17 שנה אחרי המעבר" dates the installing, whatever the elaboration
    after it says (round 36). Rare: in at most ``MOVED_MAX_DF`` sentences, not the
    source's topic. They bind the figure, never accuse it: a bare "1200" answering "כמה
    מיטות" reads as a year, and the question's words would date it otherwise."""
    q = claim.question_end
    if q < 0 or any(q < m.start < mention.start for m in claim.numbers):
        return []
    out = []
    for t in claim.tokens:
        if t.start > q or not is_content(t) or t.number is not None or is_light(t):
            continue
        forms = frame_forms(t)
        sents = {idx.flat_sent[p] for f in forms for p in idx.form_pos.get(f, ())}
        if 0 < len(sents) <= MOVED_MAX_DF:
            out.append(forms)
    return out


def counted(text: str, tokens: Sequence[Token], mention: NumberMention) -> frozenset[str]:
    """The forms of the word a number counts or measures: the first content word after it
    (a unit or a noun: "60 עמדות", "38 קילומטרים"), else the noun it is the ordinal of
    (``ordinal_of``), or nothing. A mark ends the figure: "ל-41 מיליון, בעיקר בגלל..."
    counts nothing (round 42)."""
    return counted_word(text, tokens, mention)[0]


def counted_word(
    text: str, tokens: Sequence[Token], mention: NumberMention
) -> tuple[frozenset[str], bool]:
    """``counted``'s forms, and whether they are those of the noun the figure orders
    (``ordinal_of``) rather than of the word after it."""
    after = next(
        (
            t
            for t in tokens
            if t.start >= mention.end and t.number is None and not is_stopword(t) and len(t.key) > 2
        ),
        None,
    )
    if after is not None:
        gap = text[mention.end : after.start]
        if len(gap) <= 3 and not gap.strip(" -־") and not month_values([after]):
            return frame_forms(after), False
    ordered = ordinal_of(text, tokens, mention)
    return ordered, bool(ordered)


def ordinal_of(text: str, tokens: Sequence[Token], mention: NumberMention) -> frozenset[str]:
    """The forms of the noun a definite figure right after it orders: Hebrew says "the
    twelfth time" as "בפעם השתים עשרה" and "the 19th lesson" as "השיעור ה-19", so the
    figure counts that noun, and no bare count competes with it (round 42). Not after a
    function word ("אבל השלושה שפונו") nor a decade's "שנות" ("בשנות ה-50")."""
    word = mention.text.startswith("ה") and not mention.text[1:2].isdigit()  # "השתים עשרה"
    if not word and text[max(0, mention.start - 2) : mention.start] not in ("ה-", "ה־"):
        return frozenset()
    prev = next((t for t in reversed(tokens) if t.end <= mention.start and t.key != "ה"), None)
    if prev is None or text[prev.end : mention.start].strip(" ה-־"):
        return frozenset()
    if prev.number is not None or is_stopword(prev) or len(prev.key) <= 2 or month_values([prev]):
        return frozenset()
    return frozenset() if prev.key.endswith("שנות") else frame_forms(prev)


def _followed_by(idx: SourceIndex, m: NumberMention, noun: frozenset[str]) -> bool:
    """Whether one of the two words after source number ``m`` has a form of ``noun``."""
    at = idx.flat_at(m.end)
    return any(noun & frame_forms(t) for t in idx.flat[at : at + 2])


def elided_noun_is(idx: SourceIndex, sent: int, m: NumberMention, noun: frozenset[str]) -> bool:
    """Whether source figure ``m`` counts ``noun`` by ellipsis: it names no noun of its own
    (a partitive "מהם" follows it, or its clause ends with it: "140 עובדים, ו-95 מהם",
    "נספרו 2,600 צמחים, ובסקר של 2019 נמצאו רק 900.") and the figure before it in its
    sentence counts ``noun``."""
    at = idx.flat_at(m.end)
    lo, hi = idx.sent_flat[sent]
    if at < hi:
        nxt = idx.flat[at]
        gap = idx.source[m.end : nxt.start]
        if has_form(nxt, PARTITIVE_PRONOUNS):
            return _partitive_of(idx, sent, m, noun)
        if _listed_part(idx, sent, m, noun):
            return True
        if MARKS.isdisjoint(gap):
            return False
    before = [
        x
        for cl in _clauses(idx, sent)
        for x in cl.numbers
        if x.end <= m.start and kind_of(x) == "figure"
    ]
    return bool(before) and _followed_by(idx, before[-1], noun)


def _listed_part(idx: SourceIndex, sent: int, m: NumberMention, noun: frozenset[str]) -> bool:
    """Whether source figure ``m`` opens a clause after a comma, listed after a part of
    ``noun`` ("7 מהם תמכו בתקציב, 4 התנגדו": the 4 are members too; round 31)."""
    at = idx.flat_at(m.start)
    lo = idx.sent_flat[sent][0]
    if at <= lo or "," not in idx.source[idx.flat[at - 1].end : m.start]:
        return False
    return any(
        x.end <= m.start
        and next_word_in(idx, x, PARTITIVE_PRONOUNS)
        and _partitive_of(idx, sent, x, noun)
        for cl in _clauses(idx, sent)
        for x in cl.numbers
    )


def _partitive_of(idx: SourceIndex, sent: int, m: NumberMention, noun: frozenset[str]) -> bool:
    """Whether the partitive pronoun after source figure ``m`` ("ו-9 מהם") refers to
    ``noun``: "מהם / מהן" points back to a plural noun named before it in its sentence
    ("רוב החולים ..., ו-9 מהם"; "60 מכוניות ..., יומיים קודם, ו-23 מהן"), or, when its
    sentence names no figure before it, to the whole a figure of the sentence before
    counts ("היו 1,900 דגימות. ... ו-1,350 מהן": a whole larger than the part). The part
    then counts that noun too."""
    lo = idx.sent_flat[sent][0]
    at = idx.flat_at(m.start)
    if any(noun & frame_forms(t) for t in idx.flat[lo:at]):
        return True
    if sent == 0 or any(t.number is not None for t in idx.flat[lo:at]):
        return False
    value = _figure(m)
    return value is not None and any(
        (whole := _figure(x)) is not None and whole > value and _followed_by(idx, x, noun)
        for cl in _clauses(idx, sent - 1)
        for x in cl.numbers
        if kind_of(x) == "figure"
    )


def _figure(m: NumberMention) -> float | None:
    """A figure's value as a number (``None`` for a value that is no plain number)."""
    try:
        return float(m.value)
    except ValueError:
        return None


def _noun_conflict(
    idx: SourceIndex,
    mention: NumberMention,
    noun: frozenset[str],
    partners: list[frozenset[str]],
    others: frozenset[str],
    as_part: bool = True,
) -> tuple[NumberMention, _Clause] | None:
    """A figure counting the claim's noun in the source, when the claim's own figure never
    counts it there ("38 דקות" where the source has "26 דקות" and "38 קילומטרים"). A part
    ("ו-15 מהם נמצאים במבנים ישנים") counts its whole's noun only for a claim that states
    it as a part (``as_part``: "15 מהגנים") or says what the part does; "בעיר 15 גני
    ילדים" states the part as the whole, and the whole's figure is the conflict (round 30)."""
    kind = kind_of(mention)
    noun_sents = sorted({idx.flat_sent[p] for f in noun for p in idx.form_pos.get(f, ())})
    # the sentence after one naming the noun may count it by a partitive ("... 1,900 דגימות.
    # ... ו-1,350 מהן"): ``elided_noun_is`` reads it
    noun_sents = sorted({*noun_sents, *(s + 1 for s in noun_sents if s + 1 < len(idx.sentences))})
    found: tuple[int, NumberMention, _Clause] | None = None
    for sent in noun_sents:
        shared = sum(1 for fs in partners if any(fs & c.forms for c in _clauses(idx, sent)))
        shared += len(others & idx.sent_values[sent])
        for cl in _clauses(idx, sent):
            for m in cl.numbers:
                if same_value(mention, m):
                    if noun & cl.forms or _followed_by(idx, m, noun):
                        return None
                    if elided_noun_is(idx, sent, m, noun):
                        if (
                            as_part
                            or not next_word_in(idx, m, PARTITIVE_PRONOUNS)
                            or _says_part(cl, partners, noun)
                        ):
                            return None  # else a part stated as the whole: read on
                elif kind_of(m) == kind and _followed_by(idx, m, noun):
                    if found is None or shared > found[0]:
                        found = (shared, m, cl)
    return None if found is None else (found[1], found[2])


def _counted_apart(
    idx: SourceIndex, mention: NumberMention, noun: frozenset[str], partners: list[frozenset[str]]
) -> tuple[NumberMention, _Clause] | None:
    """A claim figure counting ``noun`` that the source states only counting other nouns
    ("200 עצים" for the claim's "200 תושבים"), while a clause holding the claim's words
    around it states another figure ("על העתירה חתמו כ-3,100 איש"): that clause's figure
    is the conflict, as for a year (``_clause_conflict``; round 42)."""
    sents = sorted({i for v in (mention.value, *mention.forms) for i in idx.exact.get(v, ())})
    if not sents or not _counted_plural(noun):
        return None
    for sent in sents:
        lo, hi = idx.sent_flat[sent]
        for m in (m for cl in _clauses(idx, sent) for m in cl.numbers):
            if same_value(mention, m):
                theirs = counted(idx.source, idx.flat[lo:hi], m)
                if not _counted_plural(theirs) or theirs & noun:
                    return None
    return _clause_conflict(idx, mention, partners, "figure") if partners else None


def _counted_plural(forms: frozenset[str]) -> bool:
    """Whether a figure's counted word is a plural noun of things ("תושבים", "עצים"): not
    a unit or an amount ("שלוש שנים" may be derived), not a word with a preposition ("מ-600
    במרוץ")."""
    plural = any(f.endswith(("ימ", "ות")) for f in forms)
    return plural and not forms & (QUANTITY_WORDS | UNITS) and not _is_light_forms(forms)


def next_word_in(idx: SourceIndex, m: NumberMention, words: frozenset[str]) -> bool:
    """Whether the word right after source number ``m`` is one of ``words`` (a partitive:
    "15 מהם", "18 מתוך 45"): the one reader of a figure pointing at its whole."""
    at = idx.flat_at(m.end)
    return at < len(idx.flat) and has_form(idx.flat[at], words)


def _says_part(cl: _Clause, partners: list[frozenset[str]], noun: frozenset[str]) -> bool:
    """Whether the claim says a word of the part's clause besides the noun it counts (what
    the part does: "נמצאים במבנים ישנים")."""
    return any(fs & cl.forms and not fs & noun for fs in partners)


def same_value(a: NumberMention, b: NumberMention) -> bool:
    """Whether two numbers state one value (by value or by one of the other's forms)."""
    return a.value == b.value or a.value in b.forms or b.value in a.forms


def _clause_conflict(
    idx: SourceIndex,
    mention: NumberMention,
    partners: list[frozenset[str]],
    kind: str,
    others: frozenset[str] = frozenset(),
) -> tuple[NumberMention, _Clause] | None:
    """A clause holding the claim's words around a year or percentage (of ``kind``) that
    states another one, when no clause holds the claim's value with those words; of two
    such clauses, the one holding more of them and of the claim's other values (the 2010
    of "ב-2010 היו בעמותה 400 חברים" for a claim's "ב-2020 היו בעמותה 400 חברים", not the
    founding year of a sentence naming the association alone)."""
    need = min(2, len(partners))
    sents = sorted(
        {idx.flat_sent[p] for fs in partners for f in fs for p in idx.form_pos.get(f, ())}
    )
    found: tuple[int, NumberMention, _Clause] | None = None
    for sent in sents:
        for cl in _clauses(idx, sent):
            n = sum(1 for fs in partners if fs & cl.forms)
            if n < need:
                continue
            n += sum(1 for m in cl.numbers if m.value in others)
            if any(same_value(mention, m) for m in cl.numbers):
                return None
            rivals = [m for m in cl.numbers if kind_of(m) == kind]
            if rivals and (found is None or n > found[0]):
                found = (n, rivals[0], cl)
    return None if found is None else (found[1], found[2])


def number_binding_checks(
    claim: Claim, idx: SourceIndex, derived: frozenset[int] = frozenset()
) -> list[Issue]:
    """Each number of the claim must be bound in the source as in the claim: a figure to
    the noun it counts (or the unit it measures), a year or percentage to the words around
    it, in one clause. A value of the same kind bound there instead is a conflict. The
    numbers starting at ``derived`` are derived from the source's (``derived_mentions``),
    not stated in it, and are not looked for."""
    asserted = [t for t in claim.tokens if claim.asserts(t)]
    words = [frame_forms(t) for t in asserted if is_content(t) and t.number is None]
    values = frozenset(m.value for m in claim.numbers)
    for mention in claim.numbers:
        if mention.start <= claim.question_end or glued(claim.text, mention):
            continue
        if mention.start in derived:
            continue
        noun = counted(claim.text, asserted, mention)
        partners = _partners(claim, mention, idx)
        others = values - {mention.value}
        asked = _asked_partners(claim, mention, idx)
        if _bound_somewhere(idx, mention, [*partners, *asked, noun], others, words):
            continue
        kind = kind_of(mention)
        if kind == "figure":
            at = [k for k, t in enumerate(asserted) if mention.start <= t.start < mention.end]
            # an answer's part is the question's to read (``answer_counts.part_for_whole``)
            as_part = claim.question_end >= 0 or bool(at) and names_a_part(asserted, at[-1])
            got = (
                _noun_conflict(idx, mention, noun, words, values - {mention.value}, as_part)
                or _counted_apart(idx, mention, noun, partners)
                if noun and not _is_light_forms(noun)
                else None
            )
        else:
            got = _clause_conflict(idx, mention, partners, kind, others) if partners else None
        if got is not None:
            return [_number_conflict(claim, idx, mention, got[0], got[1])]
    return []


def _bound_somewhere(
    idx: SourceIndex,
    mention: NumberMention,
    partners: list[frozenset[str]],
    others: frozenset[str] = frozenset(),
    words: Sequence[frozenset[str]] = (),
) -> bool:
    """Whether a clause of the source states the claim's value, of its kind, with one of
    its partners (the year of "בשנת 2000" binds no "2000 שקל"), or a year with another
    value of the claim (``_year_with_value``): "וב-2020 היו בה 650 חברים" binds the 2020 of
    "ב-2020 היו בעמותה 650 חברים", whose partner the clause names by a pronoun (round 30)."""
    sents = {i for v in (mention.value, *mention.forms) for i in idx.exact.get(v, ())}
    kind = kind_of(mention)
    for sent in sorted(sents):
        for cl in _clauses(idx, sent):
            if not any(same_value(mention, m) and kind_of(m) == kind for m in cl.numbers):
                continue
            if any(fs & cl.forms for fs in partners if fs):
                return True
            if kind == "year" and _year_with_value(mention, cl, others):
                return True
            if _gapped_row_of(idx, cl, words):
                return True
    return False


# "and" with a preposition opening a clause whose verb is gapped: "וביום ו' מ-8:00 עד 13:00".
ROW_OPENERS = frozenset({"וב", "ול", "ומ", "וכ"})


def _gapped_row_of(idx: SourceIndex, cl: _Clause, words: Sequence[frozenset[str]]) -> bool:
    """Whether clause ``cl`` is a row whose verb is gapped, opened by "ו" and a phrase the
    claim says ("ביום ו' הספרייה פתוחה עד 13:00" for ", וביום ו' מ-8:00 עד 13:00"): its
    value is bound by that phrase, the shared subject and verb standing in the row before."""
    at = idx.flat_at(cl.start)
    if at >= len(idx.flat) or idx.flat[at].key[:2] not in ROW_OPENERS:
        return False
    head = frame_forms(idx.flat[at])
    return any(fs & head for fs in words)


def _year_with_value(mention: NumberMention, cl: _Clause, others: frozenset[str]) -> bool:
    """Whether clause ``cl`` states the claim's year beside another of the claim's values
    (a figure or percentage, not a year), and no other year: the year dates that value."""
    years = [m for m in cl.numbers if kind_of(m) == "year"]
    if any(not same_value(mention, m) for m in years):
        return False
    return any(kind_of(m) != "year" and m.value in others for m in cl.numbers)


def glued(text: str, m: NumberMention) -> bool:
    """A number that is part of a name (M4A1, F-35): a letter right before or after it."""
    before = text[m.start - 1] if m.start > 0 else " "
    after = text[m.end] if m.end < len(text) else " "
    return (before.isascii() and before.isalpha()) or (after.isascii() and after.isalpha())


def _is_light_forms(forms: frozenset[str]) -> bool:
    return not forms.isdisjoint(LIGHT_WORDS)


def _number_conflict(
    claim: Claim, idx: SourceIndex, mention: NumberMention, other: NumberMention, cl: _Clause
) -> Issue:
    said = claim.text[mention.start : mention.end]
    where = next((i for i, v in enumerate(idx.sent_values) if mention.value in v), None)
    if where is None:
        msg = (
            f"{said}: the source states {other.text} here («{clip(idx.source[cl.start : cl.end])}»)"
        )
        return Issue(IssueKind.BOUND_ELSEWHERE, msg, (other.start, other.end))
    s, e = idx.sentences[where]
    msg = (
        f"{said} appears in the source, but for something else: «{excerpt(idx, where)}» "
        f"(source [{s}:{e}]); for this, the source says {other.text}"
    )
    return Issue(IssueKind.BOUND_ELSEWHERE, msg, (s, e))

"""Who is who in a source: a table of the people it names and the roles it gives them,
and the check of a claim that gives a person a role.

The table is read from three forms the sources use:

* a dialogue's speaker labels, ``NAME (ROLE):``;
* appositions between commas, "ROLE, NAME," and "NAME, ROLE," ("מנהל בית החולים,
  פרופ' גדעון לוי, אמר");
* a role head word followed by a name ("המהנדס בני שושן", "היה האסטרופיזיקאי פרופ' עוזי
  דגן");
* an apposition between commas of any definite noun and a name ("בעלה, הצייר משה גרוס,
  עיצב"): the noun is that person's role in this source, and a claim putting it right
  before another person's name gives that person the role.

A role starts with a head word of ``hebrew.ROLE_WORDS`` (ראש, יו"ר, מנכ"לית, מהנדס...);
titles (ד"ר, פרופ', עו"ד) are skipped in names. A claim that puts a person of the table
next to a role head word that the table gives to someone else, and never to that person,
gives the person another's role: an ``Issue`` of kind ``role_mismatch`` pointing at where
the source states the person's own role.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from workbench.grounding.params import NAME_MAX
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.pieces import has_prefix
from workbench.grounding.reading.sentence_clauses import (
    mark_segments,
    marked,
)
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import (
    COPULAS,
    ROLE_WORDS,
    STOPWORDS,
    TITLES,
    Token,
    is_light,
    tokenize,
)

Role = tuple[str, frozenset[str]]  # head word (masculine form), forms of the word after it


@dataclass(frozen=True, slots=True)
class Person:
    """A person of the source: the keys of their name, the roles the source gives them
    (head word and the word after it: ראש + העירייה), and where it says so."""

    name: tuple[str, ...]
    roles: frozenset[Role]
    span: tuple[int, int]


def _canonical(h: str) -> str:
    """The masculine form of a role head word (מנהלת -> מנהל, מנכלית -> מנכל)."""
    for cut in ("ית", "ת", "ה"):
        if h.endswith(cut) and h[: -len(cut)] in ROLE_WORDS:
            return h[: -len(cut)]
    return h


def role_head(t: Token) -> str | None:
    """The role head word ``t`` is (with or without a glued prefix), if any."""
    for f in (t.key, *t.stems):
        if f in ROLE_WORDS:
            return _canonical(f)
    # a role with a possessive suffix, "סגנו" (his deputy), "דוברה" (her spokesman): round 31
    if t.key[-1:] in "וה" and t.key[:-1] in ROLE_WORDS and t.key[:-1] not in _NOT_SUFFIXED:
        return _canonical(t.key[:-1])
    return None


# Role words whose suffixed form is mostly no role ("ראשו": his head, "שרה": a name,
# "בעלה": her husband).
_NOT_SUFFIXED = frozenset({"ראש", "שר", "כתב", "מורה", "מנחה", "בעל"})


def noun_head(t: Token) -> str | None:
    """The noun of a definite word ("הצייר" -> צייר, "המנצחת" -> מנצח): its shortest
    form without the article, the feminine ending dropped when the word has one."""
    if not has_prefix(t, "ה") or t.number is not None:
        return None
    forms = [f for f in (*t.stems, *t.lemmas) if not f.startswith("ה") and len(f) >= 2]
    return min(forms, key=lambda f: (len(f), f)) if forms else None


def _apposed(segs: list[list[Token]], k: int, text: str) -> tuple[str, tuple[str, ...]] | None:
    """Segment ``k`` read as an apposition between two commas, "..., ה-NOUN NAME, ...":
    a definite noun followed by a name that fills the rest of the segment ("בעלה, הצייר
    משה גרוס, עיצב") is the role the sentence gives that person, whatever the noun."""
    seg = segs[k]
    if not 0 < k < len(segs) - 1 or role_head(seg[0]) is not None:
        return None
    head = noun_head(seg[0])
    if head is None or not _comma_after(text, seg[-1].end, segs[k + 1][0].start):
        return None
    name = name_at(seg, 1, text)
    if len(name) < 2 or len(name) != len(seg) - 1:
        return None
    return head, name


def _comma_after(text: str, end: int, stop: int) -> bool:
    """Whether a comma follows a word ending at ``end`` (looking up to ``stop``), past a
    geresh the word's token leaves out ("עדי גורדוביץ', שחזרה": the name is closed)."""
    return text[end:stop].lstrip(" '׳")[:1] == ","


def _compatible(a: Role, b: Role) -> bool:
    """The same role: the same head word, and the same word after it when both have one."""
    return a[0] == b[0] and (not a[1] or not b[1] or bool(a[1] & b[1]))


def name_at(toks: Sequence[Token], i: int, text: str) -> tuple[str, ...]:
    """The name starting at token ``i``: up to ``NAME_MAX`` words, titles skipped, up to a
    comma, a role head word, a function word or a verb (round 27: "המנהל משה כהן אמר"
    names משה כהן, and "אמר משה כהן" too: a verb before the name is skipped)."""
    out: list[str] = []
    j = i
    while j < len(toks) and len(out) < NAME_MAX:
        t = toks[j]
        if j > i and marked(text, toks[j - 1], t):
            break
        if t.key in TITLES or (not out and _verb_word(t)):
            j += 1
            continue
        if role_head(t) or t.key in STOPWORDS or t.number is not None or _verb_word(t):
            break
        out.append(t.key)
        j += 1
    # a definite noun before a two-word name is its description, not its first word
    # ("הסופר עמרם בלום", "החדרנית סוניה בלוטרמן": round 45)
    if len(out) == NAME_MAX and _described(toks[i:j]):
        return tuple(out[1:])
    return tuple(out)


def _described(words: Sequence[Token]) -> bool:
    """Whether the first of a name's words is a definite noun of three letters or more
    with the article ("הסופר", "והסופרת"), which no first name is."""
    first = next((t for t in words if t.key not in TITLES), None)
    head = noun_head(first) if first is not None else None
    return head is not None and len(head) >= 3


def _verb_word(t: Token) -> bool:
    """A word no name holds: a reporting, modal or light verb (``hebrew.is_light``: אמר,
    הודיע, ציין, יכול...) or a relative ש before the article ("שהמפעל")."""
    return is_light(t) or (t.key.startswith("שה") and t.key[1:] in t.stems)


def _roles_in(seg: Sequence[Token], nouns: frozenset[str] = frozenset()) -> frozenset[Role]:
    """The roles named in ``seg``: a role head word (or one of ``nouns``, the source's own
    apposed role nouns) and the word after it."""
    out = []
    for k, t in enumerate(seg):
        h = role_head(t)
        if h is None and nouns:
            n = noun_head(t)
            h = n if n in nouns else None
        if h is None:
            continue
        nxt = seg[k + 1] if k + 1 < len(seg) else None
        comp = (
            frozenset((nxt.key, *nxt.stems))
            if nxt is not None and role_head(nxt) is None
            else frozenset()
        )
        out.append((h, comp))
    return frozenset(out)


def _from_text(toks: Sequence[Token], text: str) -> list[Person]:
    """People of one sentence: appositions and a role head word followed by a name."""
    out: list[Person] = []
    segs = mark_segments(text, toks)
    for a, b in zip(segs, segs[1:], strict=False):
        ra, rb = _roles_in(a), _roles_in(b)
        # a name closed by a comma, or ending the sentence ("..., ואת הפינוי ניהל מפקד
        # התחנה, רפאל זיגדון.")
        closed = b is segs[-1] or _comma_after(text, b[-1].end, b[-1].end + 3)
        if ra and not rb and len(b) <= NAME_MAX + 1 and closed:
            name = name_at(b, 0, text)
            if len(name) >= 2:
                out.append(Person(name, ra, (a[0].start, b[-1].end)))
        elif rb and not ra and role_head(b[0]):
            name = name_at(a, max(0, len(a) - NAME_MAX), text)
            if len(name) >= 2:
                out.append(Person(name[-NAME_MAX:], rb, (a[0].start, b[-1].end)))
    for k, seg in enumerate(segs):
        got = _apposed(segs, k, text)
        if got is not None:
            role = frozenset({(got[0], frozenset[str]())})
            out.append(Person(got[1], role, (seg[0].start, seg[-1].end)))
    for i, t in enumerate(toks):
        h = role_head(t)
        if h is None or not t.key.startswith("ה"):
            continue
        name = name_at(toks, i + 1, text)
        if len(name) >= 2:
            end = toks[min(len(toks) - 1, i + 3)].end
            out.append(Person(name, frozenset({(h, frozenset())}), (t.start, end)))
    return out


def _from_labels(idx: SourceIndex) -> list[Person]:
    out = []
    for turn in idx.turns:
        label = turn.speaker or ""
        if "(" not in label:
            continue
        name_part, _, role_part = label.partition("(")
        name = name_at(tokenize(name_part), 0, name_part)
        roles = _roles_in(tokenize(role_part))
        if len(name) >= 2 and roles:
            out.append(Person(name, roles, (turn.start, turn.start + len(label))))
    return out


def who_is_who(idx: SourceIndex) -> list[Person]:
    """The source's table of people and roles (computed once per source)."""
    got = idx.derived.get(("people", 0))
    if got is None:
        table = _from_labels(idx)
        for lo, hi in idx.sent_flat:
            table += _from_text(idx.flat[lo:hi], idx.source)
        got = idx.derived[("people", 0)] = table
    return got  # type: ignore[return-value]


def roles_by_name(idx: SourceIndex) -> dict[tuple[str, ...], list[Role]]:
    got = idx.derived.get(("roles", 0))
    if got is None:
        table: dict[tuple[str, ...], list[Role]] = {}
        for p in who_is_who(idx):
            table.setdefault(p.name, []).extend(p.roles)
        got = idx.derived[("roles", 0)] = table
    return got  # type: ignore[return-value]


def _source_nouns(idx: SourceIndex) -> frozenset[str]:
    """The role head words of the table that are not ``hebrew.ROLE_WORDS``: nouns the
    source puts in apposition before a name (הצייר, המדפיס)."""
    got = idx.derived.get(("role nouns", 0))
    if got is None:
        got = frozenset(r[0] for p in who_is_who(idx) for r in p.roles) - ROLE_WORDS
        idx.derived[("role nouns", 0)] = got
    return got  # type: ignore[return-value]


def _role_key(r: Role) -> tuple[str, tuple[str, ...]]:
    return r[0], tuple(sorted(r[1]))


def name_mentions(toks: Sequence[Token], name: tuple[str, ...]) -> list[int]:
    """Token indices where ``name`` (its last word, and its first when given) occurs."""
    keys = [t.key for t in toks]
    out = []
    for i, k in enumerate(keys):
        if k == name[-1] or name[-1] in toks[i].stems:
            first = i - len(name) + 1
            if first >= 0 and (keys[first] == name[0] or name[0] in toks[first].stems):
                out.append(first)
    return out


def role_checks(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """A claim that gives a person of the table a role the table gives someone else."""
    people = who_is_who(idx)
    if not people:
        return []
    toks = [t for t in claim.tokens if claim.asserts(t)]
    forms = {f for t in toks for f in (t.key, *t.stems)}
    unroled = _speakers_without_role(idx, people)
    unroled = [*unroled, *_named_without_role(claim.text, toks, idx, [*people, *unroled])]
    for p in [*people, *unroled]:
        if p.name[-1] not in forms:
            continue
        own = roles_by_name(idx).get(p.name, []) or list(p.roles)
        for i in name_mentions(toks, p.name):
            if p in unroled:
                claimed = _roles_in(_said_of(claim.text, toks, i, i + len(p.name)))
            else:
                # the words before the name and after it, read apart: a role word right
                # before the name takes no word after the name as its complement
                before, after = toks[max(0, i - 5) : i], _own(toks[i + len(p.name) :][:3])
                # a source's own role noun counts right before the name, as it stood there
                claimed = (
                    _roles_in(before)
                    | _roles_in(after)
                    | _roles_in(toks[max(0, i - 1) : i], _source_nouns(idx))
                )
            # sorted: a frozenset's order follows the hash seed, and the message names wrong[0]
            wrong = sorted(
                (r for r in claimed if not any(_compatible(r, o) for o in own)), key=_role_key
            )
            if not wrong:
                continue
            holder = [
                q
                for q in people
                if q.name != p.name and any(_compatible(r, o) for r in wrong for o in q.roles)
            ]
            if holder:
                s, e = p.span
                said = idx.source[s:e]
                msg = (
                    f"{' '.join(p.name)} is not the {wrong[0][0]} the claim says: the source "
                    f"gives that role to {' '.join(holder[0].name)}, and says of this person "
                    f"«{said}» (source [{s}:{e}])"
                )
                return [Issue(IssueKind.ROLE_MISMATCH, msg, (s, e))]
    return []


def _speakers_without_role(idx: SourceIndex, people: Sequence[Person]) -> list[Person]:
    """The dialogue's speakers the table does not hold (their label gives no role word:
    "רינה גולן (דיירת בקומה השלישית)"): known people, with no role, so a claim giving one
    of them a role the table gives another is a swap ("רינה גולן היא יו"ר ועד הבית" for
    "משה אדלר (יו"ר ועד הבית)"; round 32)."""
    got = idx.derived.get(("unroled speakers", 0))
    if got is not None:
        return got  # type: ignore[return-value]
    held = {q.name for q in people}
    out = []
    for label in idx.speaker_labels:
        name_part = label.partition("(")[0]
        name = name_at(tokenize(name_part), 0, name_part)
        if len(name) >= 2 and name not in held:
            turn = next(t for t in idx.turns if t.speaker == label)
            out.append(Person(name, frozenset(), (turn.start, turn.start + len(label))))
    idx.derived[("unroled speakers", 0)] = out  # once per source
    return out


def _named_without_role(
    text: str, toks: Sequence[Token], idx: SourceIndex, known: Sequence[Person]
) -> list[Person]:
    """The people a claim names (two words or more) whom the source names too but the table
    holds without a role ("את המכונות קנה אספן מירושלים, מאיר חודורוב"): known people, so
    a claim giving one of them a role the table gives another is a swap, as for a speaker
    without a role ("יו״ר איגוד הצלמים, מאיר חודורוב" for "יו״ר איגוד הצלמים, רונן
    גולדנזון"; round 34). Such a person may hold any role head word of a sentence naming
    them (the table misses roles said in other shapes: "NAME, המורה לערבית מנצרת"), and a
    definite word opens no name ("האיטום החדש")."""
    held = {q.name for q in known}
    out: list[Person] = []
    names = [name_at(toks, i, text) for i in range(len(toks))]
    for i, name in enumerate(names):
        if len(name) < 2 or name in held or has_prefix(toks[i], "ה"):
            continue
        if i and names[i - 1][-1:] == name[-1:]:
            continue  # the tail of a longer name
        at = _source_mentions(idx, name)
        if at:
            first, last = idx.flat[at[0]], idx.flat[at[0] + len(name) - 1]
            heads = {
                h
                for p in at
                for lo, hi in [idx.sent_flat[idx.flat_sent[p]]]
                for t in idx.flat[lo:hi]
                if (h := role_head(t))
            }
            roles: frozenset[Role] = frozenset((h, frozenset()) for h in heads)
            out.append(Person(name, roles, (first.start, last.end)))
            held.add(name)
    return out


def _source_mentions(idx: SourceIndex, name: tuple[str, ...]) -> list[int]:
    """``name_mentions`` over the whole source, read from the index's form positions (a
    scan of every source word for every name a claim holds cost 2 ms a claim)."""
    flat, n, out = idx.flat, len(name), []
    for p in idx.form_pos.get(name[-1], ()):
        first = p - n + 1
        if first < 0 or not (flat[p].key == name[-1] or name[-1] in flat[p].stems):
            continue
        if flat[first].key == name[0] or name[0] in flat[first].stems:
            out.append(first)
    return out


def _said_of(text: str, toks: Sequence[Token], i: int, k: int) -> Sequence[Token]:
    """The words a claim says of the name at tokens ``i``..``k`` as what that person is:
    after a copula ("X היא יו"ר הוועד") or in an apposition, "ROLE, X," or "X, ROLE,"; the
    reading a person the table holds no role for needs (a role merely next to the name
    may be another's: "X ויפה גרינברג, יו"ר...", "ראש המעבדה תבקש בשביל X")."""
    if k < len(toks) and toks[k].key in COPULAS:
        return _own(toks[k + 1 : k + 4])
    out: list[Token] = []
    if k < len(toks) and marked(text, toks[k - 1], toks[k]):
        out += _own(toks[k : k + 3])  # "X, יו"ר הוועד,"
    if 0 < i and marked(text, toks[i - 1], toks[i]):
        j = i - 1
        while j > 0 and i - j < 4 and not marked(text, toks[j - 1], toks[j]):
            j -= 1
        out += toks[j:i]  # "יו"ר הוועד, X,"
    return out




def _own(after: Sequence[Token]) -> Sequence[Token]:
    """The words after a name that describe that person: up to a "של", whose possessor
    is another person ("יואב קרמר, אחיו של האדריכל דן קרמר": the architect is Dan; round
    25, fix25)."""
    return next((after[:k] for k, t in enumerate(after) if t.key == "של"), after)

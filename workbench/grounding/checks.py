"""Stage 5 of the grounding pipeline: run the checks on the chosen support.

* numbers and negation: every number, percentage and date of the claim must be in the
  chosen spans, and a negation of the claim must be matched there (``ISSUE_PENALTY``);
* meaning, against the best span: antonym poles, a negation added or removed on a shared
  word, another place, ordinal or Latin name, another speaker (``CONFLICT_PENALTY``);
* a near copy of one sentence must not swap a content word nor drop the sentence's
  negation (``copy_checks``; ``WORD_PENALTY``);
* local binding (``binding``, ``people``): the claim's pieces bound to the same partners
  as in the source, a question's answer where the question points, a person's role and
  statements as the source gives them (``BINDING_PENALTY``).

Each failed check is an ``Issue`` and a score factor, applied in order by the verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from workbench.grounding.answers.answer_clause import answer_clause_checks
from workbench.grounding.answers.answer_list import list_answer_checks
from workbench.grounding.answers.answer_names import answer_name_checks
from workbench.grounding.answers.answer_values import answer_value_checks
from workbench.grounding.answers.asked_only import asked_only
from workbench.grounding.answers.claim_dates import claim_date_checks
from workbench.grounding.answers.counted_noun import other_count
from workbench.grounding.answers.excluded_value import excluded_value
from workbench.grounding.answers.question import (
    answer_head_placed,
    answer_kind_checks,
    answer_place,
)
from workbench.grounding.answers.speaker_value import speaker_value
from workbench.grounding.answers.speaker_words import speaker_words
from workbench.grounding.answers.year_amount import year_amount_clash
from workbench.grounding.binding import binding_checks
from workbench.grounding.candidates import Ranking
from workbench.grounding.copy_checks import copy_checks
from workbench.grounding.params import (
    ANSWER_FLOOR,
    BINDING_PENALTY,
    CONFLICT_PENALTY,
    ISSUE_PENALTY,
    LOCAL_FAMILIES,
    LOCAL_SHARED,
    WORD_PENALTY,
)
from workbench.grounding.prepare import Claim
from workbench.grounding.quantifiers.conditions import unconditional_over_condition
from workbench.grounding.quantifiers.only_of_most import only_of_most
from workbench.grounding.quantifiers.quantifier_scope import universal_over_part
from workbench.grounding.quantifiers.rest_of_cases import universal_over_the_rest
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.reading.meaning import (
    SentenceMeaning,
    is_implicit_negation,
    negates_same,
    negation_groups,
    union_meaning,
    word_forms,
)
from workbench.grounding.reading.pieces import has_form
from workbench.grounding.results import Issue, IssueKind
from workbench.grounding.roles.acts import agent_checks
from workbench.grounding.roles.label_roles import label_role_swap
from workbench.grounding.roles.people import role_checks
from workbench.grounding.roles.reported_speech import reported_speaker
from workbench.grounding.roles.statements import statement_checks
from workbench.grounding.support import Support
from workbench.grounding.values.bound_numbers import number_binding_checks
from workbench.grounding.values.comparisons import comparison_against_figures
from workbench.grounding.values.derivation_hint import derivation_hint
from workbench.grounding.values.derived import (
    derived_figure,
    difference_pairs,
    level_as_difference,
    negated_rest,
)
from workbench.grounding.values.month_days import day_not_stated, day_of_month_conflict
from workbench.grounding.values.partitive_count import whole_stated_as_part
from workbench.grounding.values.repeated_figures import repeated_figure
from workbench.grounding.values.share_rest import negated_share_rest, share_conflict
from workbench.grounding.values.source_figures import stated_values
from workbench.grounding.values.trends import trend_against_figures
from workbench.grounding.values.units_bound import (
    count_conflict,
    rival_conflict,
    scale_conflict,
    unit_conflict,
)
from workbench.grounding.values.value_rows import value_of_another_row
from workbench.hebrew import (
    COPULAR_NEGATIONS,
    NumberMention,
    Token,
    derived_duration,
    number_found,
    polarity_conflicts,
    pole_word,
)


@dataclass(frozen=True)
class Checks:
    """The issues found, and the score factor of each failed group of checks, in order."""

    issues: tuple[Issue, ...]
    factors: tuple[float, ...]


def derived_mentions(claim: Claim, idx: SourceIndex, chosen: tuple[int, ...]) -> frozenset[int]:
    """The start offsets of the tokens of the claim's numbers that the chosen spans give in
    another form:
    a span of years between two of their years (``derived_duration``), a value they state
    in relative form (``stated_values``) or a figure the claim derives from theirs in words
    that say how (``derived_figure``)."""
    if not claim.numbers:
        return frozenset()
    ids = idx.sentences_of(chosen)
    values, months = idx.span_values(ids)
    missing = [m for m in claim.numbers if not number_found(m, values, months)]
    if not missing:
        return frozenset()
    stated = stated_values(idx, ids)
    tokens = list(claim.tokens)
    derived = [
        m
        for m in missing
        if m.value in stated
        or derived_duration(m, tokens, values)
        or derived_figure(claim, m, idx, ids)
    ]
    return frozenset(t.start for m in derived for t in tokens if m.start <= t.start < m.end)


def number_checks(claim: Claim, idx: SourceIndex, chosen: tuple[int, ...]) -> list[Issue]:
    """Numbers and negation of the claim against its chosen spans."""
    issues: list[Issue] = []
    ids = idx.sentences_of(chosen)
    values, months = idx.span_values(ids)
    derived = derived_mentions(claim, idx, chosen)
    for mention in claim.numbers:
        if clash := year_amount_clash(claim, mention, idx):  # "2000 שקל" for "בשנת 2000"
            issues.append(clash)
            continue
        if number_found(mention, values, months) or mention.start in derived:
            continue
        label = mention.text.strip() or mention.value
        if number_found(mention, idx.all_values, idx.all_months):
            where = next(
                (i for i, v in enumerate(idx.sent_values) if number_found(mention, v, months)),
                None,
            )
            issues.append(
                Issue(
                    IssueKind.NUMBER_NOT_IN_SUPPORT,
                    f"number {label} not found in the supporting spans",
                    None if where is None else idx.sentences[where],
                )
            )
        else:
            issues.append(_not_in_source(claim, mention, label, idx, ids))
    # "212 כלים מ-212 מדינות" for one 212; "900 מטר יותר" for the whole 900 metres
    if moved := repeated_figure(claim, idx) or level_as_difference(claim, idx, ids):
        issues.append(moved)
    if (
        claim.negated
        and not bool(idx.sent_has_negation[ids].any())
        and not negates_same(
            claim.tokens, claim.text, union_meaning([idx.sent_meaning[i] for i in ids])
        )
        and not _reworded_negation(claim, idx, ids)
        and not negated_rest(claim, idx, ids)
    ):
        issues.append(
            Issue(
                IssueKind.NEGATION_NOT_IN_SUPPORT,
                "the claim has a negation that its supporting spans do not",
            )
        )
    return issues


def _not_in_source(
    claim: Claim, mention: NumberMention, label: str, idx: SourceIndex, ids: list[int]
) -> Issue:
    """A figure no sentence writes; when two figures of the claim's lead region give it by
    one operation (``derivation_hint``), the message says which and the issue carries their
    spans: a pointer for the reader, the issue (and the verdict) stay."""
    hint = derivation_hint(claim, mention, idx, ids)
    if hint is None:
        return Issue(IssueKind.NUMBER_NOT_IN_SOURCE, f"number {label} not found in source")
    msg = f"number {label} not found in source; {hint.describe()}"
    return Issue(IssueKind.NUMBER_NOT_IN_SOURCE, msg, operands=hint.spans)


def _reworded_negation(claim: Claim, idx: SourceIndex, ids: list[int]) -> bool:
    """Whether the claim rewords a positive word of its spans with a negated state: every
    negation is a copular "is not" (``hebrew.COPULAR_NEGATIONS``) and every word it negates
    is one the spans never use ("שאינן מסוגלות להתרבות" for "עקרות", "שאינן גדולות מ-20"
    for "עד 20"). A לא or אין before a word the spans never use is no rewording: "ארגון
    האחיות לא התנה..." for the source's "דרש" denies the act (round 28; round 6 had read
    every negation so, and a negation inserted before a reworded verb passed)."""
    span = union_meaning([idx.sent_meaning[i] for i in ids])
    groups = [(g, t) for g, t in negation_groups(claim.tokens, claim.text) if g >= 0]
    if not groups or not all(has_form(claim.tokens[g], COPULAR_NEGATIONS) for g, _ in groups):
        return False
    used = span.asserted | span.negated
    return all(used.isdisjoint(word_forms(t)) for _, t in groups)


def _negation_conflicts(
    claim: Claim, span: SentenceMeaning, idx: SourceIndex, ids: list[int], said: list[int]
) -> list[Issue]:
    """A word the span (sentences ``ids``) negates and the claim asserts, or the reverse.

    Scope: the two words after לא / אין / אינו... ("לא תחלק דיבידנד"). A word counts as
    negated in the span only if the span never says it without a negation, and forms are
    compared with prefixes, suffixes and root skeletons removed (תחלק ~ יחולק); a root
    skeleton alone denies no word the chosen spans (sentences ``said``) state outright
    (``_skeleton_only``).
    """
    implicit = claim.negated or any(is_implicit_negation(t) for t in claim.tokens)
    groups: dict[int, list[tuple[bool, bool, str]]] = {}
    for g, t in negation_groups(claim.tokens, claim.text):
        if not claim.asserts(t):
            continue
        forms = set(word_forms(t))
        in_neg = bool(forms & span.negated)
        in_ass = bool(forms & span.asserted)
        word = claim.text[t.start : t.end]
        if g >= 0:
            groups.setdefault(g, []).append((in_neg, in_ass, word))
        elif (
            not implicit
            and forms & span.denied
            and not in_ass
            and not _skeleton_only(t, idx, ids, said)
        ):
            msg = f"the source negates {word}, which the claim asserts"
            return [Issue(IssueKind.SOURCE_NEGATES, msg)]
    for words in groups.values():
        if any(n for n, _, _ in words):
            continue  # the span negates it too
        asserted = [w for n, a, w in words if a]
        if asserted:
            msg = f"the claim negates {asserted[0]}, which the source asserts"
            return [Issue(IssueKind.CLAIM_NEGATES, msg)]
    return []


def _skeleton_only(t: Token, idx: SourceIndex, ids: list[int], said: list[int]) -> bool:
    """Whether the span (sentences ``ids``) denies claim word ``t`` only by the root
    skeleton of the word it negates (that word's key, stems and lemmas meet no form of
    ``t``), while a chosen sentence (``said``) states ``t`` itself (key, stem or lemma)
    without a negation: a skeleton is the weakest match and counts only when nothing
    stronger matched ("ומאם", and from a mother, is stated by "גם מאם של תלמיד", not
    denied by "הם לא מאיימים", not threatening, whose skeleton מאמ it shares; "לא זכה"
    still denies "זכייה", its word זכה being the claim's root)."""
    own = {t.key, *t.stems, *t.lemmas}
    every = own.union(t.roots)
    stated = False
    for i in sorted({*ids, *said}):
        lo, hi = idx.sent_flat[i]
        for g, u in negation_groups(idx.flat[lo:hi], idx.source):
            written = (u.key, *u.stems, *u.lemmas)
            if g >= 0 and i in ids and not every.isdisjoint(written):
                return False
            stated = stated or (g < 0 and not own.isdisjoint(written))
    return stated


def _local_pole(fam: str, idx: SourceIndex, ids: list[int], m: np.ndarray) -> bool:
    """Whether a sentence of the span that holds the family's pole is about the claim:
    it shares at least ``LOCAL_SHARED`` content words with it. A long turn may plan
    something else ("הישיבה הבאה") beside what the claim says is done."""
    for i in ids:
        if fam in idx.sent_meaning[i].poles and int((m[:, i] > 0).sum()) >= LOCAL_SHARED:
            return True
    return False


def _speaker_conflict(claim: Claim, idx: SourceIndex, ids: list[int]) -> list[Issue]:
    """In a dialogue, a claim that names one speaker while its span is said only by others."""
    if not idx.speakers:
        return []
    forms = {f for t in claim.tokens if claim.asserts(t) for f in (t.key, *t.stems)}
    named = {k for k, ws in enumerate(idx.speakers) if ws & forms}
    said_by = {idx.sent_speaker[i] for i in ids} - {-1}
    if named and said_by and not named & said_by:
        if role := role_checks(claim, idx):
            return role  # a speaker given another's role: the who-is-who table says more
        msg = "the claim names a speaker other than the one its span quotes"
        return [Issue(IssueKind.SPEAKER_MISMATCH, msg, idx.sentences[ids[0]])]
    return []


def meaning_checks(
    claim: Claim, idx: SourceIndex, chosen: tuple[int, ...], m: np.ndarray
) -> list[Issue]:
    """Contradictions a paraphrase can carry, checked against the best span.

    * an antonym or direction pair: the claim says one pole, the span only the other
      (עלה / ירד, רווח / הפסד, תמך / התנגד, לפני / אחרי, צפון / דרום...);
    * a negation added or removed on a word the two share;
    * another place, ordinal or Latin-script name than the span's, when the span names one
      (a wrong place taken from elsewhere: "נוסדה ביוקנעם" where the span says "בנתניה");
    * in a dialogue, a claim that names one speaker while its span is said only by others,
      or a statement whose spans are only questions the speakers ask (``asked_only``).

    Against the best span only: a further span added for other words must not excuse a
    contradiction of the span the claim is mainly about.
    """
    cm = claim.meaning
    ids = idx.sentences_of(chosen[:1])
    sm = union_meaning([idx.sent_meaning[i] for i in ids])
    issues: list[Issue] = []
    for fam in polarity_conflicts(cm.poles, sm.poles):
        if fam in LOCAL_FAMILIES and not _local_pole(fam, idx, ids, m):
            continue
        said = pole_word(fam, next(iter(cm.poles[fam])))
        other = pole_word(fam, next(iter(sm.poles[fam])))
        msg = f"the claim says {said} where the supporting span says {other}"
        issues.append(Issue(IssueKind.ANTONYM, msg))
    if not negated_rest(claim, idx, idx.sentences_of(chosen)):  # "18 לא הופנו" of 27, 9 הופנו
        issues += _negation_conflicts(claim, sm, idx, ids, idx.sentences_of(chosen))
    for kind, name, mine, theirs in (
        (IssueKind.PLACE_MISMATCH, "place", cm.places, sm.places),
        (IssueKind.NAME_MISMATCH, "name", cm.latin, sm.latin),
    ):
        missing = sorted(mine - theirs)
        if missing and theirs:
            msg = (
                f"{name} {missing[0]} not in the supporting span, which names "
                f"{', '.join(sorted(theirs))}"
            )
            issues.append(Issue(kind, msg))
    if cm.ordinals and sm.ordinals and not cm.ordinals <= sm.ordinals:
        msg = "the claim's ordinal (first, second...) differs from the span's"
        issues.append(Issue(IssueKind.ORDINAL_MISMATCH, msg))
    issues += _speaker_conflict(claim, idx, ids) or asked_only(claim, idx, chosen)
    return issues


BindingRule = Callable[[Claim, SourceIndex, Ranking, Support], list[Issue]]

# The binding checks, in order; the first that finds something decides (the tuning tool
# switches each off in turn to measure it: ``tools/tune_grounding.py --ablate``).
BINDING_RULES: dict[str, BindingRule] = {
    "answer kind": lambda c, i, r, s: answer_kind_checks(c),
    "answer value": lambda c, i, r, s: answer_value_checks(c, i, r.weights),
    "answer name": lambda c, i, r, s: answer_name_checks(c, i, r.weights),
    "answer's counted noun": lambda c, i, r, s: other_count(c, i),  # round 35
    "value the question excludes": lambda c, i, r, s: excluded_value(c, i),  # round 38
    "another speaker's value": lambda c, i, r, s: speaker_value(c, i),  # round 39
    "another speaker's words": lambda c, i, r, s: speaker_words(c, i),  # round 42
    "answer's clause": lambda c, i, r, s: answer_clause_checks(c, i),  # round 33
    "each name of a list answer": lambda c, i, r, s: list_answer_checks(c, i),  # round 27
    "who is who": lambda c, i, r, s: role_checks(c, i),
    "a speaker's label role": lambda c, i, r, s: _listed(label_role_swap(c, i)),  # round 47
    "who said it": lambda c, i, r, s: statement_checks(c, i, r.matches, r.weights, s.chosen),
    "who did it": lambda c, i, r, s: agent_checks(c, i, r.matches, r.weights),
    # after "who did it", which reads "לפי Y" against "X אמר" as an act (round 32)
    "who said it, in prose": lambda c, i, r, s: reported_speaker(c, i),  # round 39
    "numbers bound": lambda c, i, r, s: number_binding_checks(
        c, i, derived_mentions(c, i, s.chosen)
    ),
    "direction of a comparison": lambda c, i, r, s: _listed(
        comparison_against_figures(c, i, i.sentences_of(s.chosen))
    ),  # round 32
    # round 32; the count of a figure the source gives as an amount, round 41
    "unit of a figure": lambda c, i, r, s: _listed(
        unit_conflict(c, i) or count_conflict(c, i) or scale_conflict(c, i) or rival_conflict(c, i)
    ),
    "a part made a whole": lambda c, i, r, s: _listed(whole_stated_as_part(c, i)),  # round 44
    "a share given otherwise": lambda c, i, r, s: _listed(
        share_conflict(c, i, i.sentences_of(s.chosen))
    ),  # round 46
    "day of a date": lambda c, i, r, s: _listed(
        day_of_month_conflict(c, i) or day_not_stated(c, i)
    ),  # round 40; a claim's day the source never gives as one, round 44
    "frame slots": lambda c, i, r, s: _frame_slots(c, i, r, s),
    "universal over a part": lambda c, i, r, s: universal_over_part(c, i),  # round 20
    "only of what is mostly": lambda c, i, r, s: only_of_most(c, i),  # round 40
    "date of the claim's predicate": lambda c, i, r, s: claim_date_checks(c, i, r.weights),
    "value of another row": lambda c, i, r, s: value_of_another_row(c, i),  # round 30
    "direction of the figures": lambda c, i, r, s: trend_against_figures(c, i),  # round 31
    "no condition": lambda c, i, r, s: unconditional_over_condition(c, i, s.chosen),  # round 31
    "all of the rest": lambda c, i, r, s: universal_over_the_rest(c, i, s.chosen),  # round 33
}


def _listed(issue: Issue | None) -> list[Issue]:
    return [] if issue is None else [issue]


def _frame_slots(claim: Claim, idx: SourceIndex, ranking: Ranking, support: Support) -> list[Issue]:
    """The frame-slot binding checks. A claim stating the rest of a whole the source
    states in parts ("220 לא נקנו" for "260 כרטיסים, ו-40 מהם נקנו") drops the part
    because it counts the complement, not because it widens the part to the whole: no
    ``generalised`` issue then.

    Not for "question? short answer" (round 18): such a claim asserts one thing, the
    value of the slot its question leaves open; the question's other words restate the
    source's own, and the answer's slot is bound by the question-aware checks
    (``answer_place`` and the answer's value, doer and name). Read as a statement, the
    question's words and the answer fill a frame the source never states in one piece:
    "כמה עובדים תפטר? 120" does not drop the source's "120 מתוך 310", and "מי צייר את
    הלוח? נפתלי טישלר, אחיו של ממציא המשחק" does not move the apposition from another
    clause."""
    ids = idx.sentences_of(support.chosen)
    values, months = idx.span_values(ids)
    compared = any(
        difference_pairs(claim, m, idx, ids)
        for m in claim.numbers
        if not number_found(m, values, months)
    ) or negated_share_rest(claim, idx, ids)  # the rest of a share: two clauses (round 46)
    got = binding_checks(
        claim,
        idx,
        support.chosen,
        ranking.matches,
        ranking.weights,
        derived_mentions(claim, idx, support.chosen),
        answer_head_placed(claim),  # the question-aware checks bind the answer's slot (round 18)
        compared,  # a gap between two values joins two clauses (round 32)
    )
    if (
        got
        and got[0].kind is IssueKind.GENERALISED
        and negated_rest(claim, idx, idx.sentences_of(support.chosen))
    ):
        return []
    return got


def run_checks(claim: Claim, idx: SourceIndex, ranking: Ranking, support: Support) -> Checks:
    """Every check on the chosen support, with the factor each failed group costs."""
    issues: list[Issue] = []
    factors: list[float] = []
    m = ranking.matches
    for found, factor in (
        (number_checks(claim, idx, support.chosen), ISSUE_PENALTY),
        (meaning_checks(claim, idx, support.chosen, m), CONFLICT_PENALTY),
        (
            copy_checks(claim, idx, m, support.copied) if support.copied is not None else [],
            WORD_PENALTY,
        ),
    ):
        if found:
            issues += found
            factors.append(factor)
    if not issues:
        ratio, placed = answer_place(claim, idx, ranking.weights)
        bound = placed
        for rule in BINDING_RULES.values():
            bound = bound or rule(claim, idx, ranking, support)
        if bound:
            issues += bound
            factors.append(BINDING_PENALTY)
        elif ratio < 1.0:  # an answer near, but not at, where the question points
            factors.append(ANSWER_FLOOR + (1 - ANSWER_FLOOR) * ratio)
    return Checks(tuple(issues), tuple(factors))

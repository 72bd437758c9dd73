"""The answer's name bound to the question's predicate: in "מי...? NAME", a person the
source names must be the one it gives as the doer (or holder) of what the question asks,
not a person it binds to another predicate ("מי עיצב את התפאורה? נעמי גרוס" where the
source says "בעלה, הצייר משה גרוס, עיצב את התפאורה... בתם, המנצחת נעמי גרוס, הקליטה").

The people are the source's who-is-who table (``people.who_is_who``: speaker labels,
appositions, a role word before a name). A person is a value of kind "person", found in a
clause where the clause names them, and in every clause of a dialogue turn they speak
(the speaker is the subject of "אני מבקש..."). The answer is judged as
``answer_values`` judges a value (``bound_rival``): flagged only when the source binds
another person of the table to the question's predicate, across clauses or sentences by
``VALUE_MARGIN`` of the question's weight, or within one clause next to its words. An
answer naming nobody of the table, or a question that does not ask for a person, is left
alone.

מי asks the subject of the question's verb (``answer_doer.asked_person_verb``): where the
source states that verb (inflected too: "אני יכול לאשר" for "מי יכול לאשר"), only the
clauses stating it bind a person, so the words of another's turn that describe the object
("המנויים מבקשים שתפעל הסעה להצגות...") do not make that speaker the doer (round 11).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from workbench.grounding.answers.answer_doer import asked_person_verb
from workbench.grounding.answers.answer_types import AnswerType, asked_type
from workbench.grounding.answers.answer_values import bound_rival, verb_positions
from workbench.grounding.params import PLACED_ANSWER
from workbench.grounding.prepare import Claim
from workbench.grounding.reading.index import SourceIndex
from workbench.grounding.results import Issue
from workbench.grounding.roles.people import name_at, name_mentions, who_is_who
from workbench.grounding.values.value_clauses import Value, ValueClause, value_forms
from workbench.hebrew import Token, tokenize

Name = tuple[str, ...]


def _named(names: Sequence[Name], toks: Sequence[Token], text: str) -> list[Value]:
    """The people of ``names`` that ``toks`` (of ``text``) name, as values of kind
    "person"."""
    out = []
    for name in names:
        for i in name_mentions(toks, name):
            a, b = toks[i], toks[i + len(name) - 1]
            out.append(
                Value("person", frozenset({" ".join(name)}), a.start, b.end, text[a.start : b.end])
            )
    return sorted(out, key=lambda v: v.start)


def _label_name(label: str) -> Name:
    """The speaker's name in a turn label "NAME (ROLE)" or "NAME" (titles skipped)."""
    part = label.partition("(")[0]
    return name_at(tokenize(part), 0, part)


def _speakers(idx: SourceIndex) -> list[tuple[int, int, Value]]:
    """Each turn whose speaker label gives a name of two words or more: its span and the
    speaker as a value of kind "person" (at the label)."""
    out = []
    for turn in idx.turns:
        label = turn.speaker or ""
        name = _label_name(label)
        if len(name) >= 2:
            key = frozenset({" ".join(name)})
            end = turn.start + len(label)
            out.append((turn.start, turn.end, Value("person", key, turn.start, end, label)))
    return out


def answer_name_checks(
    claim: Claim, idx: SourceIndex, w: np.ndarray, others: tuple[str, Sequence[Token]] = ("", ())
) -> list[Issue]:
    """In "מי...? NAME": the person must be the one the source binds to the question's
    predicate, when it binds another person of its table there. See the module docstring.
    ``others`` (a text and its words): the other names of a list answer, the answer too,
    so no rivals (``answer_list``)."""
    q = claim.question_end
    if q < 0 or sum(t.start > q for t in claim.terms) > PLACED_ANSWER:
        return []
    asked = [t for t in claim.tokens if t.start < q]
    if asked_type(asked) is not AnswerType.PERSON:
        return []
    turns = _speakers(idx)
    speakers = {_label_name(t.speaker or "") for t in idx.turns}
    names = sorted({p.name for p in who_is_who(idx)} | speakers)
    names = [n for n in names if len(n) >= 2]
    given = _named(names, [t for t in claim.tokens if t.start > q], claim.text)
    if not given:
        return []
    own = _named(names, asked, claim.text) + _named(names, others[1], others[0])
    rows = [(float(w[r]), value_forms(t)) for r, t in enumerate(claim.terms) if t.start < q]

    verb = asked_person_verb(claim)
    at = [idx.flat[p].start for p in verb_positions(verb, idx, inflected=True)] if verb else []

    def values_of(sent: int, cl: ValueClause) -> list[Value]:
        if at and not any(cl.start <= a < cl.end for a in at):
            return []  # the verb's clauses name its doer: only they bind a person
        said = [v for a, b, v in turns if a <= cl.start < b]
        return _named(names, cl.toks, idx.source) + said

    return bound_rival(idx, given, own, rows, range(len(idx.sentences)), values_of)

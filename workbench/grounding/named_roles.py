"""A role the source gives one person is no other person's (round 25).

"יו"ר המועדון, חנה כהן," says that the club's chair is חנה כהן. A claim that sets that
same role beside another person the source names ("יו"ר המועדון, דנה לוי, אמרה"), where
the source never puts the role's head word in a sentence naming that person, gives her
another's role: a role swap.

``people.role_checks`` reads this only for a person of the source's who-is-who table,
one the source itself gives a role in one of the table's forms. Many people a source
names have no such role: a speaker whose label is not a role word ("דנה לוי (מגשרת):"),
a person introduced by a noun outside ``hebrew.ROLE_WORDS`` ("החותרת לשעבר דנה לוי").
This reads the claim's people by the table's own forms (``people.people_in`` over the
claim's words) and checks each one the table lacks against the roles the table gives.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.grounding.index import SourceIndex
from workbench.grounding.people import (
    Person,
    Role,
    name_mentions,
    noun_head,
    people_in,
    role_head,
    role_key,
    same_role,
    who_is_who,
)
from workbench.grounding.prepare import Claim
from workbench.grounding.results import Issue, IssueKind
from workbench.hebrew import Token


def _has_head(toks: Sequence[Token], head: str) -> bool:
    """Whether any of ``toks`` is the role head word ``head`` (a role word or a definite
    noun, any gender)."""
    return any(role_head(t) == head or noun_head(t) == head for t in toks)


def _issue(name: tuple[str, ...], role: Role, holder: Person, idx: SourceIndex) -> Issue:
    s, e = holder.span
    msg = (
        f"the source gives the {role[0]} the claim names to {' '.join(holder.name)} "
        f"(«{idx.source[s:e]}», source [{s}:{e}]), not to {' '.join(name)}"
    )
    return Issue(IssueKind.ROLE_MISMATCH, msg, (s, e))


def named_role_checks(claim: Claim, idx: SourceIndex) -> list[Issue]:
    """A claim's "ROLE, NAME" (or "ROLE NAME", "NAME, ROLE") for a person the source
    names outside its table, when the table gives that role to someone else and no
    sentence naming the person holds the role's head word."""
    people = who_is_who(idx)
    if not people:
        return []
    toks = [t for t in claim.tokens if claim.asserts(t)]
    known = {p.name[-1] for p in people}
    for cp in people_in(toks, claim.text):
        if cp.name[-1] in known:
            continue  # a person of the table: ``role_checks`` reads it
        sents = [
            idx.flat[lo:hi]
            for lo, hi in idx.sent_flat
            if name_mentions(idx.flat[lo:hi], cp.name)
        ]
        if not sents:
            continue
        for role in sorted(cp.roles, key=role_key):
            if any(_has_head(s, role[0]) for s in sents):
                continue
            holder = next((q for q in people if any(same_role(role, o) for o in q.roles)), None)
            if holder is not None:
                return [_issue(cp.name, role, holder, idx)]
    return []

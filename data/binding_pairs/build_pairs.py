"""Build ``binding_pairs.json`` from the hand-written sources and claims.

Run from the repository root: ``python data/binding_pairs/build_pairs.py`` (add ``--check``
to write nothing and exit 1 if the committed JSON differs from a fresh build). The same
script builds the sealed held-out sets with ``--set heldout``, ``--set heldout2``, ``--set heldout3``,
``--set heldout4``, ``--set heldout5``, ``--set heldout6``, ``--set heldout7``, ``--set heldout8``, ``--set heldout9``, ``--set heldout10``, ``--set heldout11``, ``--set heldout12``, ``--set heldout13``, ``--set heldout14``, ``--set heldout15``, ``--set heldout16``, ``--set heldout17``, ``--set heldout18``, ``--set heldout19``, ``--set heldout20``, ``--set heldout21``, ``--set heldout22``, ``--set heldout23``, ``--set heldout24``, ``--set heldout25``, ``--set heldout26``, ``--set heldout27``, ``--set heldout28``, ``--set heldout29``, ``--set heldout30``, ``--set heldout31``, ``--set heldout32``, ``--set heldout33``, ``--set heldout34``, ``--set heldout35``, ``--set heldout36``, ``--set heldout37``, ``--set heldout38``, ``--set heldout39``, ``--set heldout40``, ``--set heldout41``, ``--set heldout42``, ``--set heldout43`` and ``--set heldout44``: the sources of set ``S`` are in ``data/binding_S/sources.py`` and it writes
``data/binding_S/binding_S.json``, with the same kinds, fields and checks, every item in
split ``S``.

The sources and claims are in ``sources_a.py`` and ``sources_b.py`` (written for the
project, CC BY-SA 4.0). Each claim names anchors, short exact substrings of its source; the
script finds the sentence holding each anchor with its own simple splitter (a sentence ends
at . ? ! followed by a space or the end, or at a newline, so a dialogue turn never spans two
lines), so the gold spans do not depend on the engine being measured.

Each claim is ``(kind, claim, anchors, conflict_anchors)``:

- ``anchors``: the supporting sentence(s) of a supported claim (``support_spans``), or the
  sentence(s) a contradicted claim contradicts (``evidence_spans``);
- ``conflict_anchors`` (contradicted only): where the element that was moved really belongs
  (``conflict_spans``: the sentence(s) holding it), e.g. the sentence whose number was
  borrowed.

Checks: every anchor occurs exactly once and lies inside one sentence; no claim is a
verbatim substring of its source; ids are unique; every kind has its fixed label; a question
claim is ``QUESTION? ANSWER`` with one ``?``; a wrong answer is copied verbatim from the
source and has a right-answer item on the same question; contradicted items have evidence
and conflict anchors; sources are 700-2,000 characters.

**Split rule** (fixed before any claim was written): within each genre, sort the source
ids, shuffle them with ``random.Random(20250)`` and put the first ``round(0.6 * n)`` of the
genre's ``n`` sources in ``dev``, the rest in ``test``. The held-out set has one split,
named after the set (``heldout``, ``heldout2`` ... ``heldout44``),
for every item.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # data/gold_sentences.py

from gold_sentences import sentences  # noqa: E402
from sources_a import SOURCES_A  # noqa: E402
from sources_b import SOURCES_B  # noqa: E402

OUT = HERE / "binding_pairs.json"
# data/binding_<set>/sources.py -> binding_<set>.json
SEALED = (
    "heldout",
    "heldout2",
    "heldout3",
    "heldout4",
    "heldout5",
    "heldout6",
    "heldout7",
    "heldout8",
    "heldout9",
    "heldout10",
    "heldout11",
    "heldout12",
    "heldout13",
    "heldout14",
    "heldout15",
    "heldout16",
    "heldout17",
    "heldout18",
    "heldout19",
    "heldout20",
    "heldout21",
    "heldout22",
    "heldout23",
    "heldout24",
    "heldout25",
    "heldout26",
    "heldout27",
    "heldout28",
    "heldout29",
    "heldout30",
    "heldout31",
    "heldout32",
    "heldout33",
    "heldout34",
    "heldout35",
    "heldout36",
    "heldout37",
    "heldout38",
    "heldout39",
    "heldout40",
    "heldout41",
    "heldout42",
    "heldout43",
    "heldout44",
    # dev sets from birth, written for the calibration's training data (not sealed: SEALED
    # is "the sets this builder knows")
    "extra1",
    "extra2",
    "extra3",
    "extra4",
    "extra5",
    "extra6",
    "extra7",
)
SETS = ("pairs", *SEALED)
MAX_CHARS = {"pairs": 2000, **{s: 1600 for s in SEALED}}
GENRES = ("dialogue", "encyclopedic", "journalistic")  # workbench.data.schema.GENRES
SPLIT_SEED = 20250
DEV_SHARE = 0.6

WRONG_Q = "wrong answer to the question"
RIGHT_Q = "right answer to the question"
LABEL = {
    "number from another sentence": "contradicted",
    "role swap": "contradicted",
    "date moved to another event": "contradicted",
    "neighbouring-clause subject": "contradicted",
    WRONG_Q: "contradicted",
    "half-true generalisation": "contradicted",
    RIGHT_Q: "supported",
    "true paraphrase": "supported",
}


class BuildError(Exception):
    """A source or claim breaks one of the dataset's rules."""


def sentence_of(text: str, anchor: str, where: str) -> tuple[int, int]:
    """The [start, end) of the sentence holding ``anchor`` (which must occur once)."""
    at = text.find(anchor)
    if at < 0 or text.find(anchor, at + 1) >= 0:
        raise BuildError(f"{where}: anchor {anchor!r} must occur exactly once in the source")
    for s, e in sentences(text):
        if s <= at and at + len(anchor) <= e:
            return (s, e)
    raise BuildError(f"{where}: anchor {anchor!r} crosses a sentence boundary")


def spans_of(text: str, anchors: list[str], where: str) -> list[list[int]]:
    return [list(s) for s in sorted({sentence_of(text, a, where) for a in anchors})]


def split_of_sources(sources: list[tuple]) -> dict[str, str]:
    """The fixed source split: per genre, seeded shuffle of the sorted ids, first 60% -> dev."""
    split = {}
    for genre in GENRES:
        ids = sorted(sid for sid, g, _text, _claims in sources if g == genre)
        random.Random(SPLIT_SEED).shuffle(ids)
        for k, sid in enumerate(ids):
            split[sid] = "dev" if k < round(DEV_SHARE * len(ids)) else "test"
    return split


def sealed_dir(set_name: str) -> Path:
    """The folder of a sealed set: ``data/binding_<set>``."""
    return HERE.parent / f"binding_{set_name}"


def out_path(set_name: str) -> Path:
    """The committed JSON of ``set_name``."""
    if set_name in SEALED:
        return sealed_dir(set_name) / f"binding_{set_name}.json"
    return OUT


def sealed_sources(set_name: str) -> list[tuple]:
    """A sealed set's sources, loaded by path (its module is not on ``sys.path``)."""
    spec = importlib.util.spec_from_file_location(
        f"binding_{set_name}_sources", sealed_dir(set_name) / "sources.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return list(mod.SOURCES)


def sources_and_split(set_name: str) -> tuple[list[tuple], dict[str, str]]:
    """The sources of ``set_name`` and each source id's split."""
    if set_name in SEALED:
        sources = sealed_sources(set_name)
        return sources, {s[0]: set_name for s in sources}
    sources = SOURCES_A + SOURCES_B
    return sources, split_of_sources(sources)


def question_of(claim: str, where: str) -> tuple[str, str]:
    if claim.count("?") != 1 or "? " not in claim:
        raise BuildError(f"{where}: a question claim must be 'QUESTION? ANSWER' with one '?'")
    q, a = claim.split("? ")
    if not q.strip() or not a.strip():
        raise BuildError(f"{where}: empty question or answer")
    return q + "?", a


def build(set_name: str = "pairs") -> list[dict]:
    """Every item of ``set_name`` (``pairs`` or a sealed set), checked."""
    sources, split = sources_and_split(set_name)
    ids = [s[0] for s in sources]
    if len(set(ids)) != len(ids):
        raise BuildError("source ids are not unique")
    max_chars = MAX_CHARS[set_name]
    items = []
    for sid, genre, text, claims in sources:
        if genre not in GENRES:
            raise BuildError(f"{sid}: unknown genre {genre!r}")
        if not 700 <= len(text) <= max_chars:
            raise BuildError(f"{sid}: source has {len(text)} characters, expected 700-{max_chars}")
        right_questions = set()
        wrong_questions = []
        for k, claim_spec in enumerate(claims, start=1):
            kind, claim, anchors, conflict = claim_spec
            where = f"{sid} claim {k}"
            if kind not in LABEL:
                raise BuildError(f"{where}: unknown kind {kind!r}")
            label = LABEL[kind]
            if claim in text:
                raise BuildError(f"{where}: the claim is a verbatim substring of the source")
            if not anchors:
                raise BuildError(f"{where}: every claim needs an anchor")
            spans = spans_of(text, anchors, where)
            if label == "contradicted" and not conflict:
                raise BuildError(f"{where}: a contradicted claim needs a conflict anchor")
            if label == "supported" and conflict:
                raise BuildError(f"{where}: a supported claim has no conflict anchor")
            item = {
                "id": f"{sid}-{k:02d}",
                "source": text,
                "claim": claim,
                "label": label,
                "support_spans": spans if label == "supported" else [],
                "claim_kind": kind,
                "split": split[sid],
                "genre": genre,
                "source_id": sid,
                "evidence_spans": spans if label == "contradicted" else [],
            }
            if label == "contradicted":
                item["conflict_spans"] = spans_of(text, conflict, where)
            if kind in (WRONG_Q, RIGHT_Q):
                question, answer = question_of(claim, where)
                item["question"] = question
                if kind == WRONG_Q:
                    if answer not in text:
                        raise BuildError(f"{where}: a wrong answer must be copied from the source")
                    wrong_questions.append((where, question))
                else:
                    right_questions.add(question)
            elif "?" in claim:
                raise BuildError(f"{where}: only the question kinds end a question with '?'")
            items.append(item)
        for where, question in wrong_questions:
            if question not in right_questions:
                raise BuildError(f"{where}: no right answer to the same question")
    seen = set()
    for it in items:
        if it["id"] in seen:
            raise BuildError(f"duplicate id {it['id']}")
        seen.add(it["id"])
    return items


def render(items: list[dict]) -> bytes:
    return (json.dumps(items, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def summary(items: list[dict]) -> str:
    by: dict[tuple[str, str], int] = {}
    for it in items:
        key = (it["split"], it["claim_kind"])
        by[key] = by.get(key, 0) + 1
    n_src = len({it["source_id"] for it in items})
    lines = [f"{len(items)} items over {n_src} sources"]
    lines += [f"  {s:5} {k:30} {n}" for (s, k), n in sorted(by.items())]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Hebrew binding pairs.")
    parser.add_argument(
        "--set",
        choices=(*SETS, "all"),
        default="pairs",
        help="pairs: data/binding_pairs (dev/test); heldout, heldout2 ... heldout44: the "
        "held-out sets data/binding_heldout ... data/binding_heldout44; extra1 ... extra7: the "
        "dev sets written for the calibration; all: every set, one line each",
    )
    parser.add_argument("--out", help="output JSON path (default: the set's committed file)")
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if --out is stale"
    )
    args = parser.parse_args(argv)
    if args.set == "all":
        if args.out:
            parser.error("--out names one file: give one --set with it")
        return max(build_one(name, out_path(name), args.check) for name in SETS)
    out = Path(args.out) if args.out else out_path(args.set)
    return build_one(args.set, out, args.check)


def build_one(name: str, out: Path, check: bool) -> int:
    """Build set ``name`` into ``out`` (or, with ``check``, compare): the exit status."""
    try:
        items = build(name)
    except BuildError as exc:
        print(f"build_pairs: error: {exc}", file=sys.stderr)
        return 1
    data = render(items)
    if check:
        if not out.is_file() or out.read_bytes() != data:
            print(
                f"build_pairs: {out} is missing or stale; rerun build_pairs.py --set {name}",
                file=sys.stderr,
            )
            return 1
        print(f"build_pairs: {out} is up to date ({len(items)} items)")
        return 0
    out.write_bytes(data)
    print(f"build_pairs: wrote {out}\n{summary(items)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

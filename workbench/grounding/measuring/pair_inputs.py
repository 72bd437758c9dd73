"""The items `workbench eval-grounding` measures, read and checked: a pairs file
(``load_pairs``: every problem is one ``InputFileError`` line naming file, item and
field) or the dataset's gold claims with the negatives built from them (``dataset_items``).

Two inputs:

* a **pairs file** (``--pairs FILE``): a JSON list of ``{id, source, claim, label,
  support_spans, claim_kind?}`` with ``label`` in supported / unsupported / contradicted
  and ``support_spans`` a list of ``[start, end]`` offsets into ``source``. Each claim is
  grounded whole (``ground_claim``), not split.
* the **dataset** (``--data PATH``, default: see ``workbench.data.dataset``): every gold claim
  is grounded against its own source; negatives are built from the gold claims:
  (a) the claim moved to another record of the same genre (a different source), and
  (b) the claim with a number changed, or when it has no number, with its rarest content
  word replaced by a word of another record's source.
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from workbench.errors import InputFileError
from workbench.grounding.measuring.baselines import Item
from workbench.grounding.reading.index import index_source
from workbench.hebrew import extract_numbers, is_stopword, tokenize

LABELS: tuple[str, ...] = ("supported", "unsupported", "contradicted")
KIND_GOLD = "gold claim"
KIND_MOVED = "claim moved to another record of the same genre"
KIND_NUMBER = "claim with a number altered"
KIND_WORD = "claim with a key word altered"


def _spans(raw: dict[str, Any], where: str) -> list[tuple[int, int]]:
    """The item's ``support_spans``, checked against its source's length."""
    spans = raw.get("support_spans", []) or []
    if not isinstance(spans, list):
        raise InputFileError(f"{where}: field 'support_spans' must be a list")
    clean = []
    for sp in spans:
        ok = (
            isinstance(sp, list | tuple)
            and len(sp) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in sp)
            and 0 <= sp[0] < sp[1] <= len(raw["source"])
        )
        if not ok:
            raise InputFileError(
                f"{where}: field 'support_spans' has {sp!r}, expected [start, end] "
                f"with 0 <= start < end <= {len(raw['source'])}"
            )
        clean.append((sp[0], sp[1]))
    return clean


def load_pairs(path: str | Path, *, split: str | None = None) -> list[Item]:
    """Read and check a pairs file; every problem is one line naming file, item, field.

    ``split``: keep only the items whose optional ``split`` field equals it (for example
    ``dev`` or ``test``); an error when none does.
    """
    from workbench.data.dataset import read_json_array

    p = Path(path)
    data, _ = read_json_array(p)
    items = []
    for i, raw in enumerate(data):
        where = f"{p}: item {i}"
        if not isinstance(raw, dict):
            raise InputFileError(f"{where}: expected an object")
        for fld, typ in (("id", (str, int)), ("source", str), ("claim", str), ("label", str)):
            if fld not in raw:
                raise InputFileError(f"{where}: missing field {fld!r}")
            if not isinstance(raw[fld], typ):
                raise InputFileError(f"{where}: field {fld!r} has the wrong type")
        where = f"{p}: item {i} (id {raw['id']!r})"
        if raw["label"] not in LABELS:
            raise InputFileError(
                f"{where}: field 'label' is {raw['label']!r}, expected one of {', '.join(LABELS)}"
            )
        clean = _spans(raw, where)
        kind = raw.get("claim_kind") or ""
        if not isinstance(kind, str):
            raise InputFileError(f"{where}: field 'claim_kind' must be a string")
        if split is not None and raw.get("split") != split:
            continue
        items.append(Item(str(raw["id"]), raw["source"], raw["claim"], raw["label"], clean, kind))
    if not items:
        which = f" with split {split!r}" if split is not None else ""
        raise InputFileError(f"{p}: no items{which}")
    return items


def alter_number(claim: str, source: str, rng: random.Random) -> str | None:
    """The claim with its first digit number changed to a value absent from the source (an
    invented figure: the dataset's altered copies, and the calibration's extra negatives)."""
    mentions = [m for m in extract_numbers(claim) if m.text[:1].isdigit() or "%" in m.text]
    digits = [m for m in mentions if any(ch.isdigit() for ch in m.text)]
    if not digits:
        return None
    m = digits[0]
    src_values = index_source(source).all_values
    surface = claim[m.start : m.end]
    pos = max(i for i, ch in enumerate(surface) if ch.isdigit())
    old = int(surface[pos])
    for step in rng.sample(range(1, 10), 9):
        new = (old + step) % 10
        altered = surface[:pos] + str(new) + surface[pos + 1 :]
        got = extract_numbers(altered)
        if got and got[0].value not in src_values:
            return claim[: m.start] + altered + claim[m.end :]
    return None


@lru_cache(maxsize=4096)
def _content_words(source: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(surface, key, stems) of the source's distinct content words of 4+ letters (cached:
    each source is a donor for many claims)."""
    return tuple(
        (source[t.start : t.end], key, t.stems)
        for key, t in index_source(source).words.items()
        if not is_stopword(t) and t.number is None and len(key) >= 4
    )


def _alter_word(claim: str, source: str, donors: list[str], rng: random.Random) -> str | None:
    """The claim with its rarest content word (one found in the source) replaced by a
    content word of another source (``donors``) that this source does not hold."""
    idx = index_source(source)
    toks = [
        t
        for t in tokenize(claim)
        if not is_stopword(t) and t.number is None and len(t.key) >= 3 and t.key in idx.exact
    ]
    if not toks:
        return None
    # rarest in the source: fewest sentences holding it; ties: the longest word
    toks.sort(key=lambda t: (len(idx.exact[t.key]), -len(t.key), t.start))
    target = toks[0]
    src_keys = idx.loose
    pool = []
    for d in donors[:5]:
        for surface, key, stems in _content_words(d):
            if key not in src_keys and not any(st in src_keys for st in stems):
                pool.append(surface)
        if len(pool) >= 50:
            break
    if not pool:
        return None
    word = pool[rng.randrange(len(pool))]
    return claim[: target.start] + word + claim[target.end :]


def dataset_items(records: list[dict[str, Any]], *, seed: int = 0) -> list[Item]:
    """Gold claims (supported) and the negatives built from them (see module docstring).

    Deterministic for a given ``seed``: the moved claim goes to a peer of the same genre
    chosen by position, the altered number / word is drawn from a seeded generator.
    """
    rng = random.Random(seed)
    items: list[Item] = []
    by_genre: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by_genre.setdefault(r["genre"], []).append(r)
    for r in records:
        src = r["source_text"]
        peers = [p for p in by_genre[r["genre"]] if p["source_text"] != src]
        for c in r["claims"]:
            cid = f"{r['id']}#{c['claim_id']}"
            spans = [(a["start_char"], a["end_char"]) for a in c["attribution"]]
            common = {"genre": r["genre"], "difficulty": r["difficulty"]}
            items.append(Item(cid, src, c["text"], "supported", spans, KIND_GOLD, **common))
            if peers:
                other = peers[(c["claim_id"] + len(items)) % len(peers)]
                items.append(
                    Item(
                        f"{cid}>moved>{other['id']}",
                        other["source_text"],
                        c["text"],
                        "unsupported",
                        [],
                        KIND_MOVED,
                        other["genre"],
                        other["difficulty"],
                    )
                )
            altered = alter_number(c["text"], src, rng)
            if altered is not None:
                items.append(
                    Item(f"{cid}>number", src, altered, "contradicted", [], KIND_NUMBER, **common)
                )
                continue
            start = (c["claim_id"] + len(items)) % len(peers) if peers else 0
            donors = [p["source_text"] for p in peers[start:] + peers[:start]]
            altered = _alter_word(c["text"], src, donors, rng)
            if altered is not None:
                items.append(
                    Item(f"{cid}>word", src, altered, "contradicted", [], KIND_WORD, **common)
                )
    return items

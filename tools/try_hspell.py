"""Measure whether hspell's morphology would help the grounding engine (dev sets only).

hspell (Debian's ``hspell`` package, AGPL) is run as a separate program, once, over
every distinct Hebrew word of the dev pair sets; its analyses are then put into the
engine's word reader in one of two ways and ``tools/tune_grounding.py`` prints the dev
figures, to set beside a run with ``off``:

* ``lemmas``: hspell's lemmas join each word's soft-match lemmas;
* ``restrict``: the built-in prefix stems are kept only where hspell finds that
  segmentation valid.

The engine itself never calls hspell (docs/grounding.md, "A real morphological
analyser, measured and not used"). Needs ``hspell`` on PATH; exits 2 without it.

Run: ``PYTHONPATH=. python tools/try_hspell.py off|lemmas|restrict [--sets a,b]``
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tune_grounding  # noqa: E402

from workbench.hebrew import tokens  # noqa: E402
from workbench.hebrew.normalization import normalize_text  # noqa: E402

FINALS = {"כ": "ך", "מ": "ם", "נ": "ן", "פ": "ף", "צ": "ץ"}
HEBREW_WORD = re.compile(r"[\u05d0-\u05ea]{2,}")
HEADERS = ("מילה חוקית: ", "צירוף חוקי: ")


def dev_words(sets: list[str]) -> list[str]:
    """Every distinct normalised Hebrew word of the dev items' sources and claims."""
    words: set[str] = set()
    for name in sets:
        for it in tune_grounding.load_set(name, "dev"):
            for text in (it.source, it.claim):
                words.update(HEBREW_WORD.findall(normalize_text(text)))
    return sorted(words)


def analyse(words: list[str]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """hspell's lemmas and valid prefix-stripped bodies of each word (normalised)."""
    text = "\n".join(w[:-1] + FINALS.get(w[-1], w[-1]) for w in words) + "\n"
    run = subprocess.run(
        ["hspell", "-l"], input=text.encode("iso-8859-8"), capture_output=True, check=False
    )
    lemmas: dict[str, set[str]] = {}
    bodies: dict[str, set[str]] = {}
    word = None
    for line in run.stdout.decode("iso-8859-8").splitlines():
        if line.startswith(HEADERS):
            body = line.split(": ", 1)[1]
            word = normalize_text(body.replace("+", ""))
            lemmas.setdefault(word, set())
            bodies.setdefault(word, set()).add(normalize_text(body.split("+")[-1]))
        elif line.startswith("\t") and word is not None:
            lemma = line.strip().split("(")[0]
            if lemma:
                lemmas[word].add(normalize_text(lemma))
        else:
            word = None
    return lemmas, bodies


def patch(mode: str, lemmas: dict[str, set[str]], bodies: dict[str, set[str]]) -> None:
    """Put hspell's analyses into the word reader (``tokens._analyze``)."""
    plain = tokens._analyze.__wrapped__

    @lru_cache(maxsize=65536)
    def analyze(
        word: str,
    ) -> tuple[str, tuple[str, ...], str | None, bool, tuple[str, ...], tuple[str, ...]]:
        key, stems, number, is_date, lems, roots = plain(word)
        if number is None and mode == "lemmas":
            lems = lems + tuple(sorted(lemmas.get(word, set()) - {word} - set(lems)))
        if number is None and mode == "restrict" and word in bodies:
            stems = tuple(s for s in stems if s in bodies[word])
        return key, stems, number, is_date, lems, roots

    tokens._analyze = analyze


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", choices=("off", "lemmas", "restrict"))
    ap.add_argument("--sets", default="demo,paraphrase,binding,heq,heq-hard,heldout1,heldout2")
    args = ap.parse_args(argv)
    if shutil.which("hspell") is None:
        print("try_hspell: hspell is not installed (apt-get install hspell)", file=sys.stderr)
        return 2
    sets = args.sets.split(",")
    words = dev_words(sets)
    lemmas, bodies = analyse(words)
    print(f"{len(words)} distinct dev words, {len(lemmas)} analysed by hspell", file=sys.stderr)
    if args.mode != "off":
        patch(args.mode, lemmas, bodies)
    return tune_grounding.main(["--sets", args.sets])


if __name__ == "__main__":
    sys.exit(main())

"""The sentence splitter the gold-pair builders share (``data/*/build_pairs.py``).

Deliberately simple and independent of the engine being measured: a sentence ends at
``. ? !`` followed by a space or the end of the text, or at a newline, so the gold spans
never depend on ``workbench.hebrew``'s splitter.
"""

from __future__ import annotations


def sentences(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence: ends at . ? ! before a space / the end, or a newline."""
    out = []
    start = 0
    n = len(text)
    i = 0
    while i < n:
        c = text[i]
        end = None
        if c == "\n":
            end = i
        elif c in ".?!" and (i + 1 == n or text[i + 1] in " \n"):
            end = i + 1
        if end is not None:
            s, e = start, end
            while s < e and text[s].isspace():
                s += 1
            if e > s:
                out.append((s, e))
            start = i + 1
        i += 1
    s = start
    while s < n and text[s].isspace():
        s += 1
    if s < n:
        out.append((s, n))
    return out

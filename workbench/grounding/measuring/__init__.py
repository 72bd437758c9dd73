"""``workbench eval-grounding``: the engine measured against gold labels and spans.

``evaluation`` runs the engine and the baselines over pair sets and reports every figure;
``baselines`` holds BM25 and rapidfuzz. It sits above the engine and is never imported by it.
"""

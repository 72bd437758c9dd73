"""``workbench eval-grounding``: the engine measured against gold labels and spans.

``evaluation`` runs the engine and the baselines over pair sets and reports every figure;
``pair_inputs`` reads the items (a pairs file, or the dataset with negatives built from
it); ``metrics`` defines and computes the figures; ``baselines`` holds BM25 and rapidfuzz. It sits above the engine and is never imported by it.
"""

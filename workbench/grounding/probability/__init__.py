"""The calibrated support probability of a claim and its confidence tier.

``calibration`` holds the features, the fit and the tier thresholds (weights in
``calibration.json``, written by ``tools/fit_calibration.py`` from dev data only);
``calibration_sentence`` reads features of the claim's own sentence;
``calibration_metrics`` measures calibration (Brier, ECE, reliability). The engine calls
it after the verdict; nothing in the pipeline reads it back.
"""

"""Running suites: scheduling, interleaving, warm-up, calibration and budgets."""

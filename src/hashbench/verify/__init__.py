"""Output verification and parameter honesty: every timed output is checked against an
independent reference for the parameters it claims. Used by `run` and `fidelity` alike."""

"""Measurement: statistics, calibration and adaptive sampling, the machine's environment."""

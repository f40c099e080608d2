"""Strength: parameters for a target time on this machine (calibrate), what they cost an
attacker (the model of docs/strength.md over catalog/attackers.toml), equal-strength tables
(strength) and what a login service can serve with them (capacity)."""

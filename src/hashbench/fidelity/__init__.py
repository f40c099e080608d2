"""Fidelity: known-answer vectors and checks of what a library really computed."""

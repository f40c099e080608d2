"""Counted runs (`run --measure instructions` / `cycles`): each case's ops counted under
Valgrind as the difference of two runner processes, twice (docs/instructions.md)."""

"""hashbench's Python runner: runner protocol v1 over stdio, one adapter per library."""

"""The seeds report (`hashbench seeds-report`, docs/seeds.md)."""

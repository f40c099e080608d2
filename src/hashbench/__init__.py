"""hashbench: benchmark password hashes and fast hashes across language runtimes."""

__version__ = "0.1.0"

"""lab/'s own tests use the project's test factories (tests/factories.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

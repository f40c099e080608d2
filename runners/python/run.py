"""Entry point: `runners/python/.venv/bin/python runners/python/run.py` (the runner's
folder is then first on sys.path, so the hbrunner package imports without installing)."""

from hbrunner.core import main

if __name__ == "__main__":
    main()

"""The history store: every run kept, in SQLite by default or PostgreSQL for a fleet.

`open_store()` picks the store from `--store`, then HASHBENCH_STORE, then a SQLite file
in the user's data directory. Runs are stored whole (each case record compressed, samples
included) beside the columns queries need, so `compare` and `history` can rebuild a run
or test a case's change for significance later.
"""

from hashbench.store.history import (
    DEFAULT_STORE_TEXT,
    Store,
    StoreError,
    default_location,
    open_store,
)

__all__ = ["DEFAULT_STORE_TEXT", "Store", "StoreError", "default_location", "open_store"]

"""Names vulture cannot see used, each with why. Most are fields written to a file (JSON,
TOML) and read back by a person, another program or an older hashbench: no attribute
access in our code reads them. Listed by owner and name, never by line number."""
# ruff: noqa

# catalog.Algorithm.output_bytes: a catalog fact the compiled catalog hands to runners
output_bytes
# model.Environment (run_file.py): the machine a run was measured on, kept in the file
mem_total_bytes
load_end  # also set by `run` and the strength commands when a run ends
host  # machine identity, stored with every run (store/history.py fingerprint)
# model.RunnerInfo.timer_resolution_ns: what the runner's hello reported, kept in the file
timer_resolution_ns
# runner.manifest.Manifest: runner.toml fields that scripts read (apt: the system-package
# script; language: docs)
language
apt
# rich's Column.no_wrap, set on columns the fidelity report must not wrap
_.no_wrap
# pytest reads these: module marks, autouse fixtures (tests/test_calibrate.py,
# test_capacity.py, test_strength_tables.py) and fixtures named by usefixtures
# (test_placement.py)
pytestmark
_c_runner
_fast_tier
pytest_addoption
pytest_collection_modifyitems
every_cpu
# sys.unraisablehook (command_support/interrupts.py): Python calls it for a swallowed exception
unraisablehook
# the breach and long-password records (model/breach.py, model/fidelity.py): fields
# the JSON and CSV carry for readers (the device's full name, the cap a request had)
device_name
cap_s
# strength.sources.Rate.date: the date a rate was read, kept with the figure it dates
date
# fidelity.known.Entry.heir_producers: read by scripts/fidelity_doc.py (outside vulture's paths)
heir_producers

"""Names vulture cannot see used: fields of the results model and of runner manifests are
written to and read from files (JSON, TOML), not attribute access in our code."""
# ruff: noqa

output_bytes  # unused variable (src/hashbench/catalog/__init__.py:26)
_.load_end  # unused attribute (src/hashbench/commands/run.py:120)
_.load_end  # unused attribute (src/hashbench/commands/run.py:124)
description  # unused variable (src/hashbench/engine/suite.py:70)
library  # unused variable (src/hashbench/model/records.py:58)
peak_rss_bytes  # unused variable (src/hashbench/model/records.py:77)
stop  # unused variable (src/hashbench/model/records.py:79)
distro  # unused variable (src/hashbench/model/run_file.py:20)
python  # unused variable (src/hashbench/model/run_file.py:21)
mem_total_bytes  # unused variable (src/hashbench/model/run_file.py:22)
load_end  # unused variable (src/hashbench/model/run_file.py:23)
timer_resolution_ns  # unused variable (src/hashbench/model/run_file.py:30)
hashbench_version  # unused variable (src/hashbench/model/run_file.py:44)
started  # unused variable (src/hashbench/model/run_file.py:45)
_.no_wrap  # unused attribute (src/hashbench/report/fidelity_terminal.py:125)
language  # unused variable (src/hashbench/runner/manifest.py:18)
description  # unused variable (src/hashbench/runner/manifest.py:19)
apt  # unused variable (src/hashbench/runner/manifest.py:24)
sample_rounds  # read from results files by older hashbench versions' summaries
host  # machine identity, stored with every run (store/history.py fingerprint)
pytestmark  # pytest reads it

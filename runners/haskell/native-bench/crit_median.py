"""Median ns per iteration from a criterion --json report (each measurement's time / iters)."""

import json
import statistics
import sys

report = json.load(open(sys.argv[1]))
for entry in report[2]:
    rows = entry["reportMeasured"]
    keys = entry["reportKeys"]
    t, n = keys.index("time"), keys.index("iters")
    per_iter = [r[t] / r[n] * 1e9 for r in rows]
    ols = entry["reportAnalysis"]["anRegress"][0]["regCoeffs"]["iters"]["estPoint"] * 1e9
    mean = entry["reportAnalysis"]["anMean"]["estPoint"] * 1e9
    print(f"criterion: {entry['reportName']}: OLS {ols:.1f} ns, mean {mean:.1f} ns, "
          f"median of measurements {statistics.median(per_iter):.1f} ns/iter ({len(rows)} measurements)")

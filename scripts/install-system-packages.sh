#!/usr/bin/env bash
# Installs the Debian packages that the runner manifests (runners/*/runner.toml, key `apt`)
# and the orchestrator need, and only those that are missing. Idempotent; quick when done.
# With runner names as arguments (make setup RUNNERS="node python"), only those runners'
# packages beside the orchestrator's.
set -euo pipefail
cd "$(dirname "$0")/.."

wanted=$(python3 - "$@" <<'PY'
import glob, sys, tomllib
only = set(sys.argv[1:])
pkgs = {line.strip() for line in open("scripts/system-packages.txt")
        if line.strip() and not line.startswith("#")}
for path in sorted(glob.glob("runners/*/runner.toml")):
    if only and path.split("/")[1] not in only:
        continue
    with open(path, "rb") as f:
        pkgs.update(tomllib.load(f).get("apt", []))
print(" ".join(sorted(pkgs)))
PY
)
missing=()
for p in $wanted; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null; then
  echo "system packages missing: ${missing[*]}"
  echo "  install them with: apt-get install ${missing[*]}  (runners that need them are skipped)"
  exit 0
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt_opts=(-o DPkg::Lock::Timeout=600 -y -qq --no-install-recommends)
$SUDO apt-get -o DPkg::Lock::Timeout=600 -qq update >/dev/null
if ! $SUDO apt-get "${apt_opts[@]}" install "${missing[@]}" >/tmp/hashbench-apt.log 2>&1; then
  # One unavailable package must not stop the rest: install one by one and report.
  for p in "${missing[@]}"; do
    $SUDO apt-get "${apt_opts[@]}" install "$p" >>/tmp/hashbench-apt.log 2>&1 \
      || echo "system packages: could not install $p (see /tmp/hashbench-apt.log); runners that need it are skipped"
  done
fi
echo "system packages: done"

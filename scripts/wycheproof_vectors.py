"""Write vectors/<alg>.wycheproof.json from Wycheproof's PBKDF2 test vectors.

Wycheproof (github.com/C2SP/wycheproof, testvectors_v1/) is the one established vector
set that covers an algorithm hashbench runs: PBKDF2-HMAC-SHA1/-SHA256/-SHA512 (it has no
scrypt, argon2, bcrypt or yescrypt vectors; its HKDF, HMAC, SHA-224/384 sets are for
algorithms hashbench does not run). Every vector keeps its source: file, tcId and the
commit it was read from. Left out, and listed in the file with why: vectors the RFC files
already hold (same password, salt, iterations and length), and iteration counts over
100,000 (one SHA-1 vector at 2^24, RFC 6070's, which takes minutes in the slower libraries).

    .venv/bin/python scripts/wycheproof_vectors.py /path/to/wycheproof/git-dir [commit]

The path is a git directory (a `fetch` of C2SP/wycheproof, a clone's .git); the commit
defaults to its HEAD.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = {
    "pbkdf2-sha1": "pbkdf2_hmacsha1_test.json",
    "pbkdf2-sha256": "pbkdf2_hmacsha256_test.json",
    "pbkdf2-sha512": "pbkdf2_hmacsha512_test.json",
}
MAX_ITERATIONS = 100_000


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={repo}", *args], check=True, capture_output=True, text=True
    ).stdout


def _known(alg: str) -> set[tuple[str, str, int, int]]:
    path = ROOT / "vectors" / f"{alg}.json"
    if not path.exists():
        return set()
    out = set()
    for v in json.loads(path.read_text())["vectors"]:
        pw = v.get("password") or v["password_text"].encode().hex()
        salt = v.get("salt") or v["salt_text"].encode().hex()
        out.add((pw, salt, v["params"]["iterations"], v["length"]))
    return out


def convert(alg: str, raw: dict, file: str, commit: str) -> dict:
    known = _known(alg)
    vectors, skipped = [], []
    for group in raw["testGroups"]:
        for t in group["tests"]:
            where = f"Wycheproof testvectors_v1/{file} tcId {t['tcId']} (C2SP/wycheproof {commit})"
            key = (t["password"], t["salt"], t["iterationCount"], t["dkLen"])
            if t["result"] != "valid":
                skipped.append({"tcId": t["tcId"], "why": f"result {t['result']}"})
            elif key in known:
                skipped.append({"tcId": t["tcId"], "why": "already in the RFC vectors"})
            elif t["iterationCount"] > MAX_ITERATIONS:
                skipped.append({"tcId": t["tcId"], "why": f"{t['iterationCount']} iterations"})
            else:
                vectors.append(
                    {
                        "password": t["password"],
                        "salt": t["salt"],
                        "params": {"iterations": t["iterationCount"]},
                        "length": t["dkLen"],
                        "output": t["dk"],
                        "flags": t["flags"],
                        "source": where,
                    }
                )
    return {
        "algorithm": alg,
        "source": {
            "repository": "https://github.com/C2SP/wycheproof",
            "commit": commit,
            "file": f"testvectors_v1/{file}",
            "wycheproof_algorithm": raw["algorithm"],
            "made_by": "scripts/wycheproof_vectors.py",
        },
        "skipped": skipped,
        "vectors": vectors,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("repo", type=Path, help="a git directory of C2SP/wycheproof")
    parser.add_argument("commit", nargs="?", default="HEAD")
    args = parser.parse_args()
    commit = _git(args.repo, "rev-parse", args.commit).strip()
    for alg, file in FILES.items():
        raw = json.loads(_git(args.repo, "show", f"{commit}:testvectors_v1/{file}"))
        out = convert(alg, raw, file, commit)
        path = ROOT / "vectors" / f"{alg}.wycheproof.json"
        path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
        kept, left = len(out["vectors"]), len(out["skipped"])
        print(f"{path.relative_to(ROOT)}: {kept} vectors, {left} left out")
    return 0


if __name__ == "__main__":
    sys.exit(main())

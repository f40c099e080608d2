#!/bin/sh
# Builds target/hashbench-runner.jar (+ target/lib/) with Maven; does nothing when the
# jar is newer than pom.xml, this script and every source file. Run from anywhere.
set -eu
cd "$(dirname "$0")"
jar=target/hashbench-runner.jar
stamp=target/.built
if [ -f "$jar" ] && [ -f "$stamp" ] && [ -d target/lib ] \
  && [ -z "$(find pom.xml build.sh src -newer "$stamp" -print 2>/dev/null | head -n 1)" ]; then
  exit 0
fi
mvn -B -q -Dstyle.color=never package
touch "$stamp"

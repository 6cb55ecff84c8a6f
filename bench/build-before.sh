#!/usr/bin/env bash
# Builds an earlier revision beside this checkout, for the benchmarks that measure it in the same
# run as this build (BENCH_BEFORE, bench/README.md): a detached git worktree with its own
# packages and production build.
#   bash bench/build-before.sh <revision> <directory>
set -euo pipefail
revision="${1:?usage: bench/build-before.sh <revision> <directory>}"
directory="${2:?usage: bench/build-before.sh <revision> <directory>}"
if [ ! -d "$directory" ]; then
  git worktree add --detach "$directory" "$revision"
fi
cd "$directory"
git checkout --quiet --detach "$revision"
# Browsers come from the machine (scripts/setup-machine.sh), never from a download.
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund
npm run build
echo "Built $(git rev-parse --short HEAD) in $directory: BENCH_BEFORE=$directory"

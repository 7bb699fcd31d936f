#!/usr/bin/env bash
# `npm test`: every stage, in order, each timed. The first failing stage stops the run; the
# summary at the end names each stage that ran with its time (issue 39 reports them stage by
# stage), also when one failed. `npm run test:<stage>` runs one stage by itself.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

stages=(test:static test:unit test:contracts build test:bundle test:e2e test:engines)
times=()
status=0
started=$SECONDS

summary() {
  echo
  echo "npm test, stage by stage:"
  printf '  %s\n' "${times[@]}"
  echo "  total: $((SECONDS - started))s"
}

for stage in "${stages[@]}"; do
  begin=$SECONDS
  npm run "$stage"
  status=$?
  times+=("$stage: $((SECONDS - begin))s$([ "$status" -ne 0 ] && echo " (failed, exit $status)")")
  [ "$status" -ne 0 ] && break
done
summary
exit "$status"

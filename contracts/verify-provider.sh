#!/bin/sh
# Verifies the Avaliador app's pacts (consumer avaliador-app, provider avaliador-api) against a
# running API with the standalone Pact verifier: no Node, no checkout of the app beyond this
# file and contracts/pacts/ (or a Pact Broker). See contracts/README.md.
#
#   sh verify-provider.sh --provider-base-url http://localhost:8080 \
#     --provider-states-setup-url http://localhost:8080/test-support/provider-states
#
# Options:
#   --provider-base-url URL          where the API is served: requests go to URL/api/… (required)
#   --provider-states-setup-url URL  the provider-state endpoint (required; its contract is
#                                    contracts/provider-states.yaml)
#   --pact PATH                      a pact file, a folder of pact files or a pact URL
#                                    (default: the pacts/ folder beside this script)
#   --from-broker                    verify what the broker selects instead (main branch,
#                                    deployed or released versions, a matching branch; pending
#                                    pacts on) — needs PACT_BROKER_BASE_URL and --provider-branch
#   --from-webhook PACT_URL          verify the one pact a broker webhook names
#                                    (${pactbroker.pactUrl}, for a changed pact) — needs
#                                    PACT_BROKER_BASE_URL
#   --publish                        with --from-broker or --from-webhook: publish the results
#                                    (needs --provider-version)
#   --provider-version V             your commit, e.g. the git sha
#   --provider-branch B              your branch
#   --json FILE                      also write the verifier's JSON report
#   --only-states FILE               adopting the pacts a few states at a time: check and verify
#                                    only the states named in FILE (one a line, # comments)
#   --skip-state-check               do not check the provider-state endpoint first (not advised:
#                                    a state that leaves out a value then passes on the pact's
#                                    example instead of failing)
#   -- ARGS…                         passed to the verifier as they are (e.g. --filter-description)
#
# Before the verifier, check-provider-states.sh (beside this file; needs curl and jq) sets up
# every state the pacts use and fails the run when one answers without a value its
# interactions take from it (authToken, deviceTime, offlineCheckoutAt, the ids…): the
# verifier itself would send the pact's example value instead and could pass.
#
# Environment:
#   PACT           the `pact` CLI (default: `pact` on PATH); the verifier runs as `pact verifier`
#   PACT_VERIFIER  a verifier taking the same options instead (pact_verifier_cli, pact-verifier)
#   PACT_BROKER_BASE_URL, PACT_BROKER_TOKEN (or PACT_BROKER_USERNAME / PACT_BROKER_PASSWORD)
#
# Authentication: nothing to configure. Every signed-in provider state answers `authToken`
# and the pacts put it in each request's Authorization header.
#
# Exit code: the verifier's (0 when every interaction verified); 1 when the state check fails
# (the verifier does not run); 2 for bad usage.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
provider=''
states=''
pact="$here/pacts"
from_broker=false
webhook=''
publish=false
version=''
branch=''
json=''
only_states=''
check_states=true

usage() {
  echo "$1" >&2
  echo 'Usage: sh verify-provider.sh --provider-base-url URL --provider-states-setup-url URL [options] (see the top of this file)' >&2
  exit 2
}

value() { # value <option> <next argument or empty>
  [ -n "$2" ] || usage "$1 needs a value."
  printf '%s' "$2"
}

while [ "$#" -gt 0 ]; do
  case "$1" in
    --provider-base-url) provider=$(value "$1" "${2:-}"); shift 2 ;;
    --provider-states-setup-url) states=$(value "$1" "${2:-}"); shift 2 ;;
    --pact) pact=$(value "$1" "${2:-}"); shift 2 ;;
    --from-broker) from_broker=true; shift ;;
    --from-webhook) webhook=$(value "$1" "${2:-}"); shift 2 ;;
    --publish) publish=true; shift ;;
    --provider-version) version=$(value "$1" "${2:-}"); shift 2 ;;
    --provider-branch) branch=$(value "$1" "${2:-}"); shift 2 ;;
    --json) json=$(value "$1" "${2:-}"); shift 2 ;;
    --only-states) only_states=$(value "$1" "${2:-}"); shift 2 ;;
    --skip-state-check) check_states=false; shift ;;
    -h | --help) sed -n '2,/^set -eu$/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    *) usage "Unknown option: $1" ;;
  esac
done

[ -n "$provider" ] || usage 'Missing --provider-base-url.'
[ -n "$states" ] || usage 'Missing --provider-states-setup-url.'

# scheme://host[:port][/base/path] → the verifier's transport, hostname, port and base path.
case "$provider" in
  http://* | https://*) ;;
  *) usage "--provider-base-url must start with http:// or https:// (got $provider)." ;;
esac
scheme=${provider%%://*}
rest=${provider#*://}
hostport=${rest%%/*}
base_path=${rest#"$hostport"}
base_path=${base_path%/}
host=${hostport%:*}
port=${hostport##*:}
if [ "$port" = "$hostport" ]; then
  host=$hostport
  if [ "$scheme" = https ]; then port=443; else port=80; fi
fi

[ -z "$only_states" ] || [ -r "$only_states" ] || usage "Cannot read $only_states."
$check_states || [ -z "$only_states" ] || usage '--only-states checks those states: it does not go with --skip-state-check.'

# The provider-state endpoint first: every state the pacts use (those of --only-states; of the
# local pacts; or, from a broker, every state of this folder's catalogue) must answer each value
# its interactions take from it. (A function: its "$@" is its own, the verifier's stays.)
check_states_first() {
  if [ -n "$only_states" ]; then
    set -- --only-file "$only_states"
  elif [ -z "$webhook" ] && ! $from_broker && { [ -d "$pact" ] || [ -f "$pact" ]; }; then
    set -- --pacts "$pact"
  else
    set --
  fi
  echo "Checking the provider states at $states (check-provider-states.sh):"
  status=0
  sh "$here/check-provider-states.sh" "$states" "$@" || status=$?
  [ "$status" -eq 0 ] && return 0
  echo "The provider-state endpoint does not answer what the pacts need (above): fix it before verifying." >&2
  echo "(The verifier would send the pact's example for a value a state leaves out, and could pass.)" >&2
  [ "$status" -eq 2 ] && exit 2
  exit 1
}
filter_states=''
if [ -n "$only_states" ]; then
  # The verifier's --filter-state is a regular expression: the names, escaped, as alternatives.
  filter_states=$(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$only_states" | sed 's/[[:space:]]*$//' |
    sed 's/[][\\.*^$(){}+?|]/\\&/g' | paste -sd'|' -)
  filter_states="^($filter_states)\$"
fi

set -- --provider-name avaliador-api \
  --transport "$scheme" --hostname "$host" --port "$port" \
  --state-change-url "$states" --state-change-teardown \
  "$@"
[ -z "$base_path" ] || set -- --base-path "$base_path" "$@"
[ -z "$json" ] || set -- --json "$json" "$@"
[ -z "$filter_states" ] || set -- --filter-state "$filter_states" "$@"
[ -t 1 ] || set -- --no-colour "$@"

# The verifier reads PACT_WEBHOOK_CALLBACK_URL by itself: only --from-webhook sets it.
unset PACT_WEBHOOK_CALLBACK_URL

if [ -n "$webhook" ]; then
  $from_broker && usage '--from-webhook and --from-broker do not go together.'
  [ -n "${PACT_BROKER_BASE_URL:-}" ] || usage '--from-webhook needs PACT_BROKER_BASE_URL.'
  set -- --broker-url "$PACT_BROKER_BASE_URL" --webhook-callback-url "$webhook" "$@"
  [ -z "$branch" ] || set -- --provider-branch "$branch" "$@"
  [ -z "$version" ] || set -- --provider-version "$version" "$@"
  if $publish; then
    [ -n "$version" ] || usage '--publish needs --provider-version.'
    set -- --publish "$@"
  fi
elif $from_broker; then
  [ -n "${PACT_BROKER_BASE_URL:-}" ] || usage '--from-broker needs PACT_BROKER_BASE_URL.'
  [ -n "$branch" ] || usage '--from-broker needs --provider-branch (pending and matching-branch pacts).'
  set -- --broker-url "$PACT_BROKER_BASE_URL" \
    --consumer-version-selectors '{"mainBranch":true}' \
    --consumer-version-selectors '{"deployedOrReleased":true}' \
    --consumer-version-selectors '{"matchingBranch":true}' \
    --enable-pending --provider-branch "$branch" "$@"
  [ -z "$version" ] || set -- --provider-version "$version" "$@"
  if $publish; then
    [ -n "$version" ] || usage '--publish needs --provider-version.'
    set -- --publish "$@"
  fi
else
  $publish && usage '--publish works with --from-broker or --from-webhook (results are published for broker pacts).'
  case "$pact" in
    http://* | https://*) set -- --url "$pact" "$@" ;;
    *)
      if [ -d "$pact" ]; then
        set -- --dir "$pact" "$@"
      elif [ -f "$pact" ]; then
        set -- --file "$pact" "$@"
      else
        usage "No pact at $pact."
      fi
      ;;
  esac
  # The verifier reads PACT_BROKER_BASE_URL by itself and would add the broker's pacts.
  unset PACT_BROKER_BASE_URL
fi

! $check_states || check_states_first

if [ -n "${PACT_VERIFIER:-}" ]; then
  exec "$PACT_VERIFIER" "$@"
else
  exec "${PACT:-pact}" verifier "$@"
fi

#!/bin/sh
# Checks a provider-state endpoint against contracts/provider-states.yaml, state by state,
# before any pact is verified: each setup answers 2xx with a JSON object holding every value
# the state must answer, of the right type; each teardown answers 2xx; an unknown state is
# refused. Needs only sh, curl and jq.
#
#   sh check-provider-states.sh http://localhost:8080/test-support/provider-states
#   sh check-provider-states.sh URL --only 'the agent is signed in' --only 'the service is up'
#   sh check-provider-states.sh URL --only-file FILE
#   sh check-provider-states.sh URL --pacts contracts/pacts
#
# Options:
#   --only STATE       check this state only (repeat it for more): adopting the pacts a few
#                      states at a time, CI stays green on the ones you have
#   --only-file FILE   the same, one state a line (blank lines and lines starting with # skipped)
#   --pacts PATH       the states the pact files at PATH (a file or a folder) use; one this
#                      script does not know is listed, not checked (verify-provider.sh runs it so)
#
# A state named that no pact uses is bad usage: a typo would otherwise check nothing.
#
# Exit code: 0 every check passed, 1 one failed, 2 bad usage or a missing tool.
set -eu

usage() {
  sed -n '2,/^set -eu$/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
  exit "$1"
}
fail_usage() {
  echo "$1" >&2
  echo 'Usage: sh check-provider-states.sh URL [--only STATE]... [--only-file FILE] (see the top of this file)' >&2
  exit 2
}

for tool in curl jq; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "check-provider-states.sh needs $tool (Debian: apt-get install $tool)." >&2
    exit 2
  }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: >"$work/only"
filtered=false
filtered_by='--only'
pacts=''
url=''
while [ "$#" -gt 0 ]; do
  case "$1" in
    -h | --help) usage 0 ;;
    --only)
      [ "$#" -ge 2 ] || fail_usage '--only needs a state.'
      printf '%s\n' "$2" >>"$work/only"
      filtered=true
      shift 2
      ;;
    --only-file)
      [ "$#" -ge 2 ] || fail_usage '--only-file needs a file.'
      [ -r "$2" ] || fail_usage "Cannot read $2."
      grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$2" | sed 's/[[:space:]]*$//' >>"$work/only" || true
      filtered=true
      shift 2
      ;;
    --pacts)
      [ "$#" -ge 2 ] || fail_usage '--pacts needs a file or a folder.'
      [ -e "$2" ] || fail_usage "No pact at $2."
      pacts=$2
      shift 2
      ;;
    -*) fail_usage "Unknown option: $1" ;;
    *)
      [ -z "$url" ] || fail_usage "One URL only (got $url and $1)."
      url=$1
      shift
      ;;
  esac
done
[ -n "$url" ] || usage 2

# The states, their example params and what each answer must hold (`string`, `integer`,
# `number` or `date-time`).
# cases:start (generated from mocks/provider-state-catalogue.ts)
CASES='[
{"state":"the service is up","params":{},"answer":{}},
{"state":"the service is in maintenance","params":{},"answer":{"authToken":"string"}},
{"state":"the agent is signed in","params":{},"answer":{"authToken":"string"}},
{"state":"the session {token} has expired","params":{"token":"expired-token"},"answer":{"token":"string"}},
{"state":"an agent is registered with phone {phone}","params":{"phone":"+5511987654321"},"answer":{"phone":"string"}},
{"state":"no agent is registered with phone {phone}","params":{"phone":"+5511900000000"},"answer":{"phone":"string"}},
{"state":"a sign-in code was requested for {phone}, which no agent has","params":{"phone":"+5511900000000"},"answer":{"phone":"string"}},
{"state":"a sign-in code was requested for {phone}","params":{"phone":"+5511987654321","code":"482913"},"answer":{"phone":"string","code":"string","wrongCode":"string"}},
{"state":"the sign-in code for {phone} is locked","params":{"phone":"+5511987654321"},"answer":{"phone":"string","code":"string"}},
{"state":"the sign-in code for {phone} has expired","params":{"phone":"+5511987654321"},"answer":{"phone":"string","code":"string"}},
{"state":"an invitation {invitationId} with token {token} is pending","params":{"invitationId":"inv_demo","token":"convite-demo"},"answer":{"invitationId":"string","token":"string"}},
{"state":"the invitation {invitationId} with token {token} has expired","params":{"invitationId":"inv_demo","token":"convite-demo"},"answer":{"invitationId":"string","token":"string"}},
{"state":"no invitation matches {invitationId}","params":{"invitationId":"inv_inexistente"},"answer":{}},
{"state":"the agent has not accepted the current terms {termsVersion}","params":{"termsVersion":"2026.2"},"answer":{"termsVersion":"string","authToken":"string"}},
{"state":"the agent has bank data and an available balance of {balanceCents}","params":{"balanceCents":8000},"answer":{"balanceCents":"integer","overBalanceCents":"integer","authToken":"string"}},
{"state":"the agent has no bank data and an available balance of {balanceCents}","params":{"balanceCents":8000},"answer":{"balanceCents":"integer","authToken":"string"}},
{"state":"the agent has an award nomination for task {taskId}","params":{"taskId":"tsk_4831"},"answer":{"taskId":"string","authToken":"string"}},
{"state":"the agent has a pending opportunity {taskId}","params":{"taskId":"tsk_4822"},"answer":{"taskId":"string","scheduledFor":"date-time","outsideWindow":"date-time","authToken":"string"}},
{"state":"the opportunity {taskId} has expired","params":{"taskId":"tsk_4822"},"answer":{"taskId":"string","scheduledFor":"date-time","authToken":"string"}},
{"state":"the agent has no opportunity {taskId}","params":{"taskId":"tsk_0000"},"answer":{"authToken":"string"}},
{"state":"a started task {taskId} not checked in","params":{"taskId":"tsk_4826"},"answer":{"taskId":"string","slug":"string","lat":"number","lng":"number","scheduledFor":"date-time","afterDeadline":"date-time","deviceTime":"date-time","authToken":"string"}},
{"state":"a task {taskId} checked in","params":{"taskId":"tsk_4826"},"answer":{"taskId":"string","lat":"number","lng":"number","deviceTime":"date-time","offlineCheckoutAt":"date-time","authToken":"string"}},
{"state":"a check-out of task {taskId} was answered under Idempotency-Key {idempotencyKey}","params":{"taskId":"tsk_4826","idempotencyKey":"9a3c1e52-7d4b-4f0a-8c2e-51b7a0d9e6f3"},"answer":{"taskId":"string","idempotencyKey":"string","deviceTime":"date-time","authToken":"string"}},
{"state":"a check-out of task {taskId} under Idempotency-Key {idempotencyKey} was refused before its check-in","params":{"taskId":"tsk_4826","idempotencyKey":"3f8d2b6a-1c47-4e9b-a0d5-7e2c9f1b8a64"},"answer":{"taskId":"string","idempotencyKey":"string","deviceTime":"date-time","authToken":"string"}},
{"state":"the agent has no task {taskId}","params":{"taskId":"tsk_0000"},"answer":{"authToken":"string"}},
{"state":"a visited task with a complete report {reportId} at version {version}","params":{"reportId":"rep_4828","version":3},"answer":{"reportId":"string","taskId":"string","version":"integer","staleVersion":"integer","authToken":"string"}},
{"state":"a visited task with an incomplete report {reportId} at version {version}","params":{"reportId":"rep_4828","version":3},"answer":{"reportId":"string","version":"integer","authToken":"string"}},
{"state":"a photo {evidenceId} was uploaded to report {reportId}","params":{"evidenceId":"evd_4828_1","reportId":"rep_4828"},"answer":{"evidenceId":"string","reportId":"string","authToken":"string"}},
{"state":"the agent has no report {reportId}","params":{"reportId":"rep_0000"},"answer":{"authToken":"string"}},
{"state":"a visited task {taskId} with attendant {attendantCode} eligible for award {awardCode}","params":{"taskId":"tsk_4828","attendantCode":"att_4828_1","awardCode":"NOTA10"},"answer":{"taskId":"string","attendantCode":"string","awardCode":"string","authToken":"string"}},
{"state":"a visited task {taskId} with attendant {attendantCode} below the goal of award {awardCode}","params":{"taskId":"tsk_4828","attendantCode":"att_4828_1","awardCode":"NOTA10"},"answer":{"taskId":"string","attendantCode":"string","awardCode":"string","authToken":"string"}},
{"state":"a contested task with an open revision {revisionId} of report {reportId} with one pendency {pendencyId}","params":{"revisionId":"rev_4830_1","reportId":"rep_4830","pendencyId":"pen_4830_1"},"answer":{"revisionId":"string","reportId":"string","pendencyId":"string","authToken":"string"}},
{"state":"the agent has unread notifications","params":{},"answer":{"authToken":"string"}},
{"state":"the agent has an unread notification {slug}","params":{"slug":"nova-oportunidade-perto-de-voce-1"},"answer":{"slug":"string","authToken":"string"}},
{"state":"the agent has no notification {slug}","params":{"slug":"notificacao-inexistente"},"answer":{"authToken":"string"}},
{"state":"the agent has an unread bulletin {bulletinId}","params":{"bulletinId":"blt_1"},"answer":{"bulletinId":"string","authToken":"string"}},
{"state":"this device {subscriptionId} receives push notifications","params":{"subscriptionId":"psh_aparelho"},"answer":{"subscriptionId":"string","authToken":"string"}},
{"state":"the agent has no push subscription {subscriptionId}","params":{"subscriptionId":"psh_inexistente"},"answer":{"authToken":"string"}},
{"state":"the catalogue has project {projectId}, mission {missionId} and form {formId}","params":{"projectId":"prj_farma","missionId":"msn_farma","formId":"frm_farma"},"answer":{"projectId":"string","missionId":"string","formId":"string","authToken":"string"}}
]'
# cases:end

# With --only, the named states only; each must be a state of the pacts.
total=$(printf '%s' "$CASES" | jq length)
if $filtered; then
  only=$(jq -R . "$work/only" | jq -s .)
  [ "$(printf '%s' "$only" | jq length)" -gt 0 ] || fail_usage 'No state to check (--only-file is empty).'
  unknown=$(printf '%s' "$CASES" | jq -r --argjson only "$only" '[.[].state] as $known | $only[] | select(. as $s | $known | index($s) | not)')
  [ -z "$unknown" ] || fail_usage "Not a state of the pacts: $(printf '%s' "$unknown" | sed 's/.*/"&"/' | paste -sd, -) (see provider-states.yaml)"
  CASES=$(printf '%s' "$CASES" | jq -c --argjson only "$only" '[.[] | select(.state as $s | $only | index($s))]')
fi
if [ -n "$pacts" ]; then
  $filtered && fail_usage '--pacts does not go with --only or --only-file.'
  if [ -d "$pacts" ]; then
    set -- "$pacts"/*.json
    [ -e "$1" ] || fail_usage "No pact file (*.json) in $pacts."
  else
    set -- "$pacts"
  fi
  used=$(jq -s '[.[].interactions[]?.providerStates[]?.name] | unique' "$@") || fail_usage "Cannot read the pacts at $pacts."
  unknown=$(printf '%s' "$CASES" | jq -r --argjson used "$used" '[.[].state] as $known | $used[] | select(. as $s | $known | index($s) | not)')
  [ -z "$unknown" ] || printf '%s\n' "$unknown" | while IFS= read -r name; do
    printf '  ? "%s": not in this folder'\''s provider-states.yaml, not checked (the verifier will say)\n' "$name"
  done
  CASES=$(printf '%s' "$CASES" | jq -c --argjson used "$used" '[.[] | select(.state as $s | $used | index($s))]')
  filtered=true
  filtered_by="the pacts at $pacts"
fi
all=$(printf '%s' "$CASES" | jq length)

RFC3339='^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$'
# Three lines a state: its name, its setup and its teardown request.
printf '%s' "$CASES" | jq -r '.[] | .state,
  ({state, params, action: "setup"} | tojson),
  ({state, params, action: "teardown"} | tojson)' >"$work/cases"

# One curl for every request, in order (one process: each start costs more than a request):
# setup and teardown of each state, then an unknown state. Each prints its HTTP status.
set --
n=0
while IFS= read -r state && IFS= read -r setup && IFS= read -r teardown; do
  set -- "$@" --next -sS -o "$work/answer.$n" -w '%{http_code}\n' -X POST \
    -H 'Content-Type: application/json' --data "$setup" "$url"
  set -- "$@" --next -sS -o /dev/null -w '%{http_code}\n' -X POST \
    -H 'Content-Type: application/json' --data "$teardown" "$url"
  n=$((n + 1))
done <"$work/cases"
set -- "$@" --next -sS -o /dev/null -w '%{http_code}\n' -X POST \
  -H 'Content-Type: application/json' \
  --data '{"state":"a state no pact uses","params":{},"action":"setup"}' "$url"
shift # the first --next
curl "$@" >"$work/statuses" 2>"$work/curl-errors" || true

# A line per state: index, setup and teardown statuses, the setup's answer on one line.
i=0
while [ "$i" -lt "$n" ]; do
  setup_status=$(sed -n "$((2 * i + 1))p" "$work/statuses")
  teardown_status=$(sed -n "$((2 * i + 2))p" "$work/statuses")
  answer=''
  [ ! -f "$work/answer.$i" ] || answer=$(tr -d '\r\n\t' <"$work/answer.$i")
  printf '%s\t%s\t%s\t%s\n' "$i" "${setup_status:-000}" "${teardown_status:-000}" "$answer" >>"$work/results"
  i=$((i + 1))
done
unknown=$(sed -n "$((2 * n + 1))p" "$work/statuses")

# Check every answer at once against what its state must answer.
jq -R -r --argjson cases "$CASES" --arg rfc "$RFC3339" '
  split("\t") as $f | $cases[$f[0] | tonumber] as $case | ($f[3:] | join("\t")) as $body |
  ($body | try fromjson catch null) as $got |
  (if ($f[1] | test("^2") | not) then ["setup answered \($f[1]): \($body[0:300])"]
   elif ($got | type) != "object" then ["the answer is not a JSON object: \($body[0:300])"]
   else [$case.answer | to_entries[] | .key as $k | .value as $t |
     if ($got | has($k) | not) then "no \($k)"
     elif $t == "string" and ($got[$k] | type) != "string" then "\($k) is not a string"
     elif $t == "number" and ($got[$k] | type) != "number" then "\($k) is not a number"
     elif $t == "integer" and (($got[$k] | type) != "number" or ($got[$k] | floor) != $got[$k]) then "\($k) is not an integer"
     elif $t == "date-time" and (($got[$k] | type) != "string" or ($got[$k] | test($rfc) | not)) then "\($k) is not an RFC 3339 date-time"
     else empty end]
     | if length > 0 then . + ["answer: \($body[0:300])"] else . end
   end
   + (if ($f[2] | test("^2") | not) then ["teardown answered \($f[2])"] else [] end)) as $problems |
  if $problems == [] then "  ✓ \($case.state)" else "  ✗ \($case.state)\n      \($problems | join("; "))" end
' "$work/results" >"$work/report"

case "${unknown:-000}" in
  2?? | 000) printf '  ✗ an unknown state is refused\n      it answered %s\n' "${unknown:-000}" >>"$work/report" ;;
  *) printf '  ✓ an unknown state is refused (%s)\n' "$unknown" >>"$work/report" ;;
esac
[ ! -s "$work/curl-errors" ] || sed 's/^/  /' "$work/curl-errors" | sort -u | head -3 >>"$work/report"

cat "$work/report"
failed=$(grep -c '^  ✗' "$work/report" || true)
passed=$(grep -c '^  ✓' "$work/report" || true)
if $filtered; then
  echo "Provider states at $url: $passed passed, $failed failed ($all of the $total states, by $filtered_by)."
else
  echo "Provider states at $url: $passed passed, $failed failed."
fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

/**
 * Tests of the contract tooling itself: each check must fail when what it guards breaks.
 *  1. provider drift — a fake backend whose `GET /tasks/mine` sends `payoutCents` as a string
 *     fails verification (only for that operation's interactions);
 *  2. spec drift — openapi.yaml with `Task.payoutCents` turned into a string makes the
 *     comparator report the pacts' task bodies as incompatible; and a pact that requires `Problem.detail` (optional in the spec) or matches a field
 *     error's path as any string is reported by the agreement check;
 *  3. stale pacts — a pact missing an interaction and with a changed one is reported stale;
 *  4. state drift — an interaction given a state the provider does not implement fails;
 *  5. a wrong error status — a fake backend that answers 500 where it answers any pinned error
 *     (a 404, a 409, a 503…) fails every error interaction, on its status;
 *  6. an unexplained error — openapi.yaml declaring one more error response, with neither an
 *     interaction nor a reason in contracts/error-coverage.ts, is reported;
 *  7. a state endpoint that forgets the session token — contracts/check-provider-states.sh
 *     fails on a fake backend whose signed-in states answer no `authToken`;
 *     and with 16 of the states, it fails without `--only` and passes with `--only-file`
 *     naming those 16 (a misspelt state is bad usage);
 *  8. an endpoint missing behind a 404 interaction — a fake backend without
 *     `GET /reports/{id}/revisions/current` passes "a report never contested" (404) on its
 *     catch-all, and fails the 200 it is paired with;
 *  9. optional properties left out — a fake backend with no `detail` (nor `requestId`) in its
 *     problems, no `pixKey` in the bank data and no optional member in a stored photo passes
 *     every interaction;
 * 10. field errors by JSON pointer — a fake backend answering `/attendants/0/name` for
 *     `attendants.0.name` fails every interaction with field errors, on the path;
 * 11. server time for an offline check-out — a fake backend that stores its clock instead of
 *     the device's time fails the offline check-out (and only it);
 * 12–14. the Idempotency-Key rule — a fake backend that stores nothing under keys, or replays
 *     a stored answer whatever the body, fails "the key of an answered check-out and another
 *     body"; one that stores a refusal too fails "the key of one refused before the check-in".
 * 15. a state that leaves out a value — a fake backend whose states answer no `deviceTime` nor
 *     `offlineCheckoutAt` fails contracts/verify-provider.sh on its state check, before any
 *     interaction runs; with `--skip-state-check` most check-in and check-out interactions pass
 *     on the pact's example times (the hole the state check closes);
 * 16. counts of every status under a status filter — a fake backend whose `totalsByStatus`
 *     counts all the agent's tasks whatever `?status=` asks fails the two filtered task lists
 *     (and only them).
 *
 *   node --import tsx scripts/contract-selftest.ts   (also run by scripts/contract-run.ts)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { getResponse, http, HttpResponse, type HttpHandler } from 'msw'
import {
  basePathOf,
  checkAgainstSpec,
  errorCoverage,
  loadSpec,
  operationOf,
  pactFilesIn,
  pactFreshness,
  pairedErrors,
  readPact,
  responseBodyOf,
  specOperations,
  writePact,
  type PactFile,
} from './contract-lib'
import { AUTH_STYLES, GENERIC_401, UNPINNED } from '../contracts/error-coverage'
import { REQUEST_NARROWINGS } from '../contracts/narrowings'
import { specAgreement } from './contract-agreement'
import { STATES } from '../mocks/provider-state-catalogue'
import type { FakeBackend } from '../mocks/fake-backend'
import { requestFingerprint } from '../mocks/handlers/idempotency'
import { DEMO_AGENT_ID } from '../mocks/seed/seed'
import { startFakeProvider } from './contract-provider'
import { checkProviderStates } from './contract-provider-states'
import { STATES_PATH, verifyPacts } from './verify-pacts'

const root = fileURLToPath(new URL('../', import.meta.url))

export type SelfTestResult = { name: string; ok: boolean; detail: string }

function onlyInteractions(
  pact: PactFile,
  keep: (i: PactFile['interactions'][number]) => boolean,
): PactFile {
  return { ...pact, interactions: pact.interactions.filter(keep) }
}

export async function runSelfTests(
  pactDir: string = join(root, 'contracts', 'pacts'),
): Promise<SelfTestResult[]> {
  const spec = loadSpec(join(root, 'openapi.yaml'))
  const ops = specOperations(spec)
  const base = basePathOf(spec)
  const [file] = pactFilesIn(pactDir)
  if (!file) return [{ name: 'pacts to test with', ok: false, detail: `no pact in ${pactDir}` }]
  const pact = readPact(join(pactDir, file))
  const work = mkdtempSync(join(tmpdir(), 'avaliador-contract-selftest-'))
  const results: SelfTestResult[] = []
  try {
    // 1. A provider handler that breaks the contract.
    {
      const isTaskList = (i: PactFile['interactions'][number]) =>
        operationOf(ops, base, i.request.method, i.request.path)?.operationId === 'listMyTasks'
      const subset = onlyInteractions(pact, isTaskList)
      const provider = await startFakeProvider({
        tamper: (backend) => [
          http.get(`${backend.context.baseUrl}/tasks/mine`, async ({ request }) => {
            const real = await getResponse(backend.handlers, request, {
              baseUrl: new URL(request.url).origin,
            })
            if (!real || real.status !== 200) return real
            const body = (await real.json()) as { items: Array<Record<string, unknown>> }
            for (const task of body.items) task.payoutCents = String(task.payoutCents)
            return HttpResponse.json(body)
          }),
        ],
      })
      try {
        const outcome = await verifyPacts({
          providerBaseUrl: provider.url,
          pact: writePact(join(work, 'broken-handler'), subset),
        })
        const failed = outcome.results.filter((r) => !r.ok)
        const passed = outcome.results.filter((r) => r.ok)
        const okStatuses = subset.interactions.filter((i) => i.response.status === 200).length
        const ok =
          !outcome.ok &&
          failed.length === okStatuses &&
          failed.every((r) => /payoutCents/.test(r.failure ?? '')) &&
          passed.every((r) => /401|expired/.test(`${r.description} ${r.states.join()}`))
        results.push({
          name: 'verification fails against a handler that sends payoutCents as a string',
          ok,
          detail: `${failed.length} of ${outcome.results.length} listMyTasks interactions failed${
            failed[0]?.failure
              ? `: ${
                  failed[0].failure
                    .split('\n')
                    .find((l) => /payoutCents/.test(l))
                    ?.trim() ?? ''
                }`
              : ''
          }`,
        })
      } finally {
        await provider.close()
      }
    }

    // 2. A spec whose response schema no longer fits what the app expects.
    {
      const tampered = structuredClone(spec)
      const task = tampered.components!.schemas!.Task as { properties: Record<string, unknown> }
      task.properties.payoutCents = { type: 'string' }
      const findings = (await checkAgainstSpec(tampered, [pact])).filter((f) => f.type === 'error')
      const onPayout = findings.filter((f) => /payoutCents/.test(f.location ?? ''))
      const clean = (await checkAgainstSpec(spec, [pact])).filter((f) => f.type === 'error')
      results.push({
        name: 'comparator reports a spec with Task.payoutCents as a string',
        ok:
          clean.length === 0 &&
          onPayout.length > 0 &&
          onPayout.every((f) => f.code === 'response.body.incompatible'),
        detail: `${onPayout.length} mismatches, e.g. ${onPayout[0]?.interaction ?? '—'}: ${onPayout[0]?.message ?? ''} at ${onPayout[0]?.location ?? ''}`,
      })
    }

    // 2b. Pacts that ask more than the spec (Problem.detail) and less than the app reads (a
    //     field path matched as any string): what a backend written from the spec tripped on.
    {
      const tampered = structuredClone(pact)
      let details = 0
      let paths = 0
      for (const i of tampered.interactions) {
        const response = i.response as {
          body?: { content?: Record<string, unknown> }
          matchingRules?: { body?: Record<string, unknown> }
        }
        const body = response.body?.content
        if (i.response.status < 400 || typeof body !== 'object' || body === null) continue
        body.detail = 'Explicação em português para o avaliador.'
        response.matchingRules ??= {}
        response.matchingRules.body ??= {}
        response.matchingRules.body['$.detail'] = { combine: 'AND', matchers: [{ match: 'type' }] }
        details++
        if ('$.fields[*].field' in response.matchingRules.body) {
          delete response.matchingRules.body['$.fields[*].field']
          paths++
        }
      }
      const options = {
        stateSetup: new Map(Object.values(STATES).map((st) => [st.name, st.setup])),
        requestReasons: REQUEST_NARROWINGS,
      }
      const clean = specAgreement(spec, [pact], options).problems
      const { problems } = specAgreement(spec, [tampered], options)
      const onDetail = problems.filter((p) => /\$\.detail — the pact requires a property/.test(p))
      const onPath = problems.filter((p) => /\.field is matched as any string/.test(p))
      results.push({
        name: 'a pact requiring Problem.detail, or matching a field path as any string, is reported',
        ok:
          clean.length === 0 && onDetail.length === details && onPath.length === paths && paths > 0,
        detail: `${onDetail.length} of ${details} error interactions reported for $.detail, ${onPath.length} of ${paths} for the field path, e.g. ${onPath[0]?.slice(0, 160) ?? '—'}`,
      })
    }

    // 3. Committed pacts that no longer match what the tests write.
    {
      const [first, second, ...rest] = pact.interactions
      const changed = { ...second!, description: `${second!.description} (renamed)` }
      writePact(join(work, 'stale'), { ...pact, interactions: [changed, ...rest] })
      const freshness = pactFreshness(pactDir, join(work, 'stale'))
      results.push({
        name: 'a stale committed pact is reported',
        ok: !freshness.fresh && freshness.problems.some((p) => p.includes(first!.description)),
        detail: freshness.problems.slice(0, 3).join(' | '),
      })
    }

    // 4. An interaction given a provider state the provider does not know.
    {
      const health = pact.interactions.find((i) => i.request.path === `${base}/health`)!
      const drifted = { ...health, providerStates: [{ name: 'a state nobody implements' }] }
      const provider = await startFakeProvider()
      try {
        const outcome = await verifyPacts({
          providerBaseUrl: provider.url,
          pact: writePact(join(work, 'unknown-state'), { ...pact, interactions: [drifted] }),
        })
        results.push({
          name: 'an unknown provider state fails verification',
          ok: !outcome.ok && outcome.results.length === 1 && !outcome.results[0]!.ok,
          detail: (outcome.results[0]?.failure ?? outcome.error ?? '')
            .split('\n')[0]!
            .slice(0, 160),
        })
      } finally {
        await provider.close()
      }
    }

    // 5. Every pinned error answered with a wrong status.
    {
      const errors = onlyInteractions(pact, (i) => i.response.status >= 400)
      const provider = await startFakeProvider({
        rewrite: (answer) =>
          answer.status >= 400
            ? { status: answer.status === 500 ? 502 : 500, body: answer.body }
            : undefined,
      })
      try {
        const outcome = await verifyPacts({
          providerBaseUrl: provider.url,
          pact: writePact(join(work, 'wrong-status'), errors),
        })
        const onStatus = outcome.results.filter(
          (r) => !r.ok && /expected \d{3} but was \d{3}/.test(r.failure ?? ''),
        )
        results.push({
          name: 'every pinned error fails when the provider answers 500 instead',
          ok:
            !outcome.ok &&
            errors.interactions.length > 0 &&
            onStatus.length === errors.interactions.length,
          detail: `${onStatus.length} of ${errors.interactions.length} error interactions failed on their status${
            onStatus[0]
              ? `, e.g. ${onStatus[0].description}: ${
                  (onStatus[0].failure ?? '')
                    .split('\n')
                    .find((l) => /expected \d{3} but was/.test(l))
                    ?.trim() ?? ''
                }`
              : ''
          }`,
        })
      } finally {
        await provider.close()
      }
    }

    // 6. A declared error with neither an interaction nor a reason.
    {
      const tampered = structuredClone(spec)
      const health = tampered.paths['/health']!.get!
      health.responses = { ...health.responses, '418': { description: 'I am a teapot.' } }
      const { problems } = errorCoverage({
        spec: tampered,
        interactions: pact.interactions,
        verified: null,
        unpinned: UNPINNED,
        authStyles: AUTH_STYLES,
        generic401: GENERIC_401,
      })
      const clean = errorCoverage({
        spec,
        interactions: pact.interactions,
        verified: null,
        unpinned: UNPINNED,
        authStyles: AUTH_STYLES,
        generic401: GENERIC_401,
      }).problems
      results.push({
        name: 'a declared error with no interaction and no reason is reported',
        ok: clean.length === 0 && problems.length === 1 && problems[0]!.includes('getHealth 418'),
        detail: problems[0] ?? '',
      })
    }

    // 7. The conformance script against a state endpoint that answers no session token.
    {
      const provider = await startFakeProvider({
        tamper: (backend) => [
          http.post(`${backend.context.baseUrl}/__fake/provider-states`, async ({ request }) => {
            const real = await getResponse(backend.handlers, request, {
              baseUrl: new URL(request.url).origin,
            })
            if (!real) return real
            const body = (await real.json()) as Record<string, unknown>
            delete body.authToken
            return HttpResponse.json(body, { status: real.status })
          }),
        ],
      })
      try {
        const { ok, output } = await checkProviderStates(`${provider.url}${STATES_PATH}`)
        const missing = output.split('\n').filter((l) => /no authToken/.test(l))
        const signsIn = Object.values(STATES).filter((st) => st.signsIn).length
        results.push({
          name: 'the state-endpoint conformance script reports an answer without authToken',
          ok: !ok && missing.length === signsIn,
          detail: `${missing.length} of ${signsIn} signed-in states reported: ${missing[0]?.trim().slice(0, 120) ?? ''}`,
        })
      } finally {
        await provider.close()
      }
    }

    // 7b. Adopting the pacts a few states at a time: an endpoint with 16 of the states fails
    //     the conformance script, passes it with --only-file naming those 16, and a name no
    //     pact uses is refused as bad usage.
    {
      const all = Object.values(STATES).map((st) => st.name)
      const have = new Set(all.slice(0, 16))
      const provider = await startFakeProvider({
        tamper: (backend) => [
          http.post(`${backend.context.baseUrl}/__fake/provider-states`, async ({ request }) => {
            const body = (await request.clone().json()) as { state?: string }
            if (typeof body.state === 'string' && all.includes(body.state) && !have.has(body.state))
              return HttpResponse.json({ error: 'Ainda não temos este estado.' }, { status: 400 })
            return undefined
          }),
        ],
      })
      try {
        const url = `${provider.url}${STATES_PATH}`
        const list = join(work, 'states-we-have.txt')
        writeFileSync(list, `# the states our endpoint has\n${[...have].join('\n')}\n`)
        const everything = await checkProviderStates(url)
        const subset = await checkProviderStates(url, ['--only-file', list])
        const typo = await checkProviderStates(url, ['--only', 'the agent is signed on'])
        const failures = everything.output.split('\n').filter((l) => l.startsWith('  ✗')).length
        results.push({
          name: 'check-provider-states.sh --only checks the states a backend has so far',
          ok:
            !everything.ok &&
            failures === all.length - have.size &&
            subset.ok &&
            /: 17 passed, 0 failed \(16 of the \d+ states, by --only\)/.test(subset.output) &&
            typo.code === 2,
          detail: `16 of ${all.length} states: ${failures} failures without --only; with --only-file: ${
            subset.output
              .trim()
              .split('\n')
              .pop()
              ?.replace(/^Provider states at \S+ /, '')
              .replace(/\.$/, '') ?? ''
          }; a misspelt state: exit ${typo.code}`,
        })
      } finally {
        await provider.close()
      }
    }

    // 8. An endpoint the provider does not have, behind a 404 interaction.
    {
      const isRevision = (i: PactFile['interactions'][number]) =>
        operationOf(ops, base, i.request.method, i.request.path)?.operationId ===
        'getCurrentRevision'
      const subset = onlyInteractions(pact, isRevision)
      const provider = await startFakeProvider({
        remove: ['GET /reports/{id}/revisions/current'],
      })
      try {
        const outcome = await verifyPacts({
          providerBaseUrl: provider.url,
          pact: writePact(join(work, 'no-endpoint'), subset),
        })
        const notFound = outcome.results.filter((r) =>
          subset.interactions.some(
            (i) => i.description === r.description && i.response.status === 404,
          ),
        )
        const found = outcome.results.filter((r) => !notFound.includes(r))
        const { pairs } = pairedErrors(spec, subset.interactions)
        results.push({
          name: 'a provider without the endpoint behind a 404 interaction fails its 2xx pair',
          ok:
            !outcome.ok &&
            notFound.length === 1 &&
            notFound[0]!.ok &&
            found.length > 0 &&
            found.every((r) => !r.ok && /expected 200 but was 404/.test(r.failure ?? '')) &&
            pairs.length === 1 &&
            pairs[0]!.pairedWith.length === found.length,
          detail: `without GET /reports/{id}/revisions/current: “${notFound[0]?.description ?? '—'}” ${
            notFound[0]?.ok ? 'passed on the catch-all 404' : 'failed'
          }, its pair “${found[0]?.description ?? '—'}” ${found[0]?.ok ? 'passed' : 'failed'}: ${
            (found[0]?.failure ?? '')
              .split('\n')
              .find((l) => /expected \d{3} but was/.test(l))
              ?.trim() ?? ''
          }`,
        })
      } finally {
        await provider.close()
      }
    }

    // 9. A provider that leaves out what the spec leaves optional passes.
    {
      const omitted = new Set<string>()
      const drop = (object: unknown, keys: readonly string[]) => {
        if (typeof object !== 'object' || object === null) return
        for (const key of keys)
          if (key in object) {
            delete (object as Record<string, unknown>)[key]
            omitted.add(key)
          }
      }
      const provider = await startFakeProvider({
        rewrite: (answer) => {
          const body = structuredClone(answer.body) as Record<string, unknown> | null
          if (answer.status >= 400) drop(body, ['detail', 'requestId'])
          if (answer.path.endsWith('/wallet') || answer.path.endsWith('/wallet/bank'))
            drop(body?.bank, ['pixKey'])
          if (answer.method === 'POST' && answer.path.endsWith('/media'))
            drop(body, ['mimeType', 'width', 'height', 'caption'])
          return { status: answer.status, body }
        },
      })
      try {
        // The interactions whose answers have what is left out: the errors, the bank data,
        // the stored photo.
        const touched = onlyInteractions(
          pact,
          (i) => i.response.status >= 400 || /\/(wallet|wallet\/bank|media)$/.test(i.request.path),
        )
        const outcome = await verifyPacts({
          providerBaseUrl: provider.url,
          pact: writePact(join(work, 'optional-left-out'), touched),
        })
        const failed = outcome.results.filter((r) => !r.ok)
        results.push({
          name: 'a provider that leaves out the properties the spec leaves optional passes',
          ok:
            outcome.ok && omitted.has('detail') && omitted.has('pixKey') && omitted.has('caption'),
          detail: `${outcome.results.length - failed.length} of ${outcome.results.length} interactions passed with no ${[...omitted].sort().join(', ')}${
            failed[0]
              ? `; failed: ${failed[0].description}: ${failed[0].failure?.split('\n')[0]}`
              : ''
          }`,
        })
      } finally {
        await provider.close()
      }
    }

    // 10. Field errors named by JSON pointer instead of the dotted path the app looks up.
    {
      const withFields = onlyInteractions(pact, (i) => {
        const body = responseBodyOf(i) as { fields?: unknown } | undefined
        return i.response.status === 422 && Array.isArray(body?.fields)
      })
      const provider = await startFakeProvider({
        rewrite: (answer) => {
          const body = answer.body as { fields?: Array<{ field: string }> } | null
          if (!Array.isArray(body?.fields)) return undefined
          return {
            status: answer.status,
            body: {
              ...body,
              fields: body.fields.map((f) => ({ ...f, field: `/${f.field.replaceAll('.', '/')}` })),
            },
          }
        },
      })
      try {
        const outcome = await verifyPacts({
          providerBaseUrl: provider.url,
          pact: writePact(join(work, 'json-pointer'), withFields),
        })
        const onField = outcome.results.filter(
          (r) => !r.ok && /\$\.fields\[\d+\]\.field/.test(r.failure ?? ''),
        )
        results.push({
          name: 'a provider answering JSON-pointer field paths fails every field-error interaction',
          ok:
            !outcome.ok &&
            withFields.interactions.length > 0 &&
            onField.length === withFields.interactions.length,
          detail: `${onField.length} of ${withFields.interactions.length} failed on the path${
            onField[0]
              ? `, e.g. ${onField[0].description}: ${
                  (onField[0].failure ?? '')
                    .split('\n')
                    .find((l) => /\$\.fields/.test(l))
                    ?.trim()
                    .slice(0, 120) ?? ''
                }`
              : ''
          }`,
        })
      } finally {
        await provider.close()
      }
    }

    // 11. An offline check-out stored at the server's time, not the device's.
    {
      const checkouts = onlyInteractions(
        pact,
        (i) => operationOf(ops, base, i.request.method, i.request.path)?.operationId === 'checkOut',
      )
      const provider = await startFakeProvider({
        tamper: (backend) => [
          http.put(`${backend.context.baseUrl}/tasks/:id/checkout`, async ({ request }) => {
            const body = (await request.clone().json()) as { at: string; offline: boolean }
            // The server's clock. (Were it in second hh:40:00, the one second an hour that bears
            // the state's mark, the pact could not tell: take the next second.)
            let now = backend.clock.now()
            if (Math.floor(now / 1000) % 3600 === 40 * 60) now += 1000
            const headers = new Headers(request.headers)
            headers.delete('Content-Length')
            return getResponse(
              backend.handlers,
              new Request(request.url, {
                method: 'PUT',
                headers,
                body: JSON.stringify({ ...body, at: new Date(now).toISOString() }),
              }),
              { baseUrl: new URL(request.url).origin },
            )
          }),
        ],
      })
      try {
        const outcome = await verifyPacts({
          providerBaseUrl: provider.url,
          pact: writePact(join(work, 'server-time'), checkouts),
        })
        const failed = outcome.results.filter((r) => !r.ok)
        results.push({
          name: 'a provider that stores its own time for an offline check-out fails',
          ok:
            !outcome.ok &&
            failed.length === 1 &&
            failed[0]!.description === 'a check-out sent after being queued offline' &&
            /\$\.steps\.checkout\.at/.test(failed[0]!.failure ?? ''),
          detail: `${failed.length} of ${outcome.results.length} check-out interactions failed${
            failed[0]
              ? `: ${failed[0].description}: ${
                  (failed[0].failure ?? '')
                    .split('\n')
                    .find((l) => /checkout\.at/.test(l))
                    ?.trim()
                    .slice(0, 90) ?? ''
                }…`
              : ''
          }`,
        })
      } finally {
        await provider.close()
      }
    }

    // 12–14. The Idempotency-Key rule, as far as Pact pins it: a provider that stores nothing
    //        under keys, one that replays a stored answer whatever the body, and one that
    //        stores refusals too, each fails the interaction it breaks.
    {
      const keyed = onlyInteractions(pact, (i) =>
        (i.providerStates ?? []).some(
          (st) =>
            st.name === STATES.checkoutStoredUnderKey.name ||
            st.name === STATES.checkoutRefusedUnderKey.name,
        ),
      )
      const reused = 'a check-out with the key of an answered check-out and another body'
      const refusedFirst = 'a check-out sent again with the key of one refused before the check-in'
      const checkout = (backend: FakeBackend) => `${backend.context.baseUrl}/tasks/:id/checkout`
      const forward = (backend: FakeBackend, request: Request, headers: Headers) =>
        request
          .clone()
          .text()
          .then((body) =>
            getResponse(
              backend.handlers,
              new Request(request.url, { method: 'PUT', headers, body }),
              {
                baseUrl: new URL(request.url).origin,
              },
            ),
          )
      const cases: Array<{
        name: string
        breaks: string
        tamper: (backend: FakeBackend) => HttpHandler[]
      }> = [
        {
          name: 'a provider that stores nothing under Idempotency-Keys fails the reused key',
          breaks: reused,
          tamper: (backend) => [
            http.put(checkout(backend), ({ request }) => {
              const headers = new Headers(request.headers)
              headers.delete('Idempotency-Key')
              return forward(backend, request, headers)
            }),
          ],
        },
        {
          name: 'a provider that replays a stored answer whatever the body fails the reused key',
          breaks: reused,
          tamper: (backend) => [
            http.put(checkout(backend), ({ request }) => {
              const key = request.headers.get('Idempotency-Key') ?? ''
              const stored = backend.db.idempotentReplies.findFirst((q) => q.where({ key }))
              if (!stored) return undefined
              return new HttpResponse(stored.body, {
                status: stored.status,
                headers: { 'Content-Type': stored.contentType, 'Idempotent-Replay': 'true' },
              })
            }),
          ],
        },
        {
          name: 'a provider that stores a refusal under its key fails the check-out judged again',
          breaks: refusedFirst,
          tamper: (backend) => [
            http.post(`${backend.context.baseUrl}/__fake/provider-states`, async ({ request }) => {
              const asked = (await request.clone().json()) as { state?: string; action?: string }
              const real = await getResponse(backend.handlers, request, {
                baseUrl: new URL(request.url).origin,
              })
              if (
                asked.state !== STATES.checkoutRefusedUnderKey.name ||
                asked.action === 'teardown'
              )
                return real
              const used = (await real!.clone().json()) as Record<string, string>
              // What a backend keeping every answer would have kept of the refused check-out.
              await backend.db.idempotentReplies.create({
                key: used.idempotencyKey!,
                route: `${DEMO_AGENT_ID}:checkout:${used.taskId}`,
                status: 409,
                body: JSON.stringify({
                  status: 409,
                  code: 'transition_refused',
                  title: 'x',
                  type: 'x',
                }),
                contentType: 'application/problem+json',
                fingerprint: await requestFingerprint(
                  'PUT',
                  'application/json',
                  new TextEncoder().encode(
                    JSON.stringify({ at: used.deviceTime, offline: false }),
                  ) as Uint8Array<ArrayBuffer>,
                ),
                storedAt: new Date(backend.clock.now()).toISOString(),
              })
              return real
            }),
          ],
        },
      ]
      // The honest fake backend passes both; each broken one fails the one it breaks. (Run
      // side by side: four verifications of two interactions, each on its own port.)
      const run = async (
        tamper: ((backend: FakeBackend) => HttpHandler[]) | undefined,
        n: number,
      ) => {
        const provider = await startFakeProvider(tamper ? { tamper } : {})
        try {
          return await verifyPacts({
            providerBaseUrl: provider.url,
            pact: writePact(join(work, `keys-${n}`), keyed),
          })
        } finally {
          await provider.close()
        }
      }
      const [honest, ...broken] = await Promise.all([
        run(undefined, 0),
        ...cases.map((c, n) => run(c.tamper, n + 1)),
      ])
      if (!honest!.ok || keyed.interactions.length !== 2)
        results.push({
          name: 'the Idempotency-Key interactions pass against the fake backend',
          ok: false,
          detail: honest!.results.map((r) => `${r.description}: ${r.ok}`).join('; '),
        })
      cases.forEach((c, n) => {
        const failed = broken[n]!.results.filter((r) => !r.ok)
        const why =
          (failed[0]?.failure ?? '').split('\n').find((l) => /expected \d{3} but was/.test(l)) ?? ''
        results.push({
          name: c.name,
          ok: failed.length === 1 && failed[0]!.description === c.breaks,
          detail: `${failed.length} of ${broken[n]!.results.length} failed${
            failed[0] ? `: “${failed[0].description}” ${why.trim()}` : ''
          }`,
        })
      })
    }

    // 15. A provider-state endpoint that leaves out values the interactions take from it.
    {
      const visit = onlyInteractions(pact, (i) =>
        ['checkInByPosition', 'checkOut'].includes(
          operationOf(ops, base, i.request.method, i.request.path)?.operationId ?? '',
        ),
      )
      const left = ['deviceTime', 'offlineCheckoutAt']
      const tamper = (backend: FakeBackend) => [
        http.post(`${backend.context.baseUrl}/__fake/provider-states`, async ({ request }) => {
          const real = await getResponse(backend.handlers, request, {
            baseUrl: new URL(request.url).origin,
          })
          if (!real) return real
          const body = (await real.json()) as Record<string, unknown>
          for (const key of left) delete body[key]
          return HttpResponse.json(body, { status: real.status })
        }),
      ]
      const file = writePact(join(work, 'state-values'), visit)
      const run = async (skipStateCheck: boolean) => {
        const provider = await startFakeProvider({ tamper })
        try {
          return await verifyPacts({ providerBaseUrl: provider.url, pact: file, skipStateCheck })
        } finally {
          await provider.close()
        }
      }
      const [checked, unchecked] = await Promise.all([run(false), run(true)])
      const named = left.filter((key) => checked!.output.includes(`no ${key}`))
      const passedAnyway = unchecked!.results.filter((r) => r.ok)
      results.push({
        name: 'a state that leaves out deviceTime and offlineCheckoutAt fails verify-provider.sh',
        ok:
          !checked!.ok &&
          !checked!.output.includes('Verifying a pact between') &&
          named.length === left.length &&
          passedAnyway.length > 0,
        detail: `the state check stopped the run (${named.map((k) => `no ${k}`).join(', ') || 'nothing named'}), no interaction ran; without it ${passedAnyway.length} of ${unchecked!.results.length} check-in and check-out interactions passed on the pact's example times`,
      })
    }

    // 16. totalsByStatus counting every task of the agent under a status filter.
    {
      const lists = onlyInteractions(
        pact,
        (i) =>
          operationOf(ops, base, i.request.method, i.request.path)?.operationId === 'listMyTasks',
      )
      const filtered = lists.interactions.filter((i) =>
        JSON.stringify(i.request).includes('"status"'),
      )
      const provider = await startFakeProvider({
        tamper: (backend) => [
          http.get(`${backend.context.baseUrl}/tasks/mine`, async ({ request }) => {
            const url = new URL(request.url)
            const real = await getResponse(backend.handlers, request, { baseUrl: url.origin })
            if (!real || real.status !== 200 || !url.searchParams.has('status')) return real
            // The other reading: every task of the agent, whatever the filter.
            url.searchParams.delete('status')
            const all = await getResponse(
              backend.handlers,
              new Request(url, { headers: request.headers }),
              { baseUrl: url.origin },
            )
            const body = (await real.json()) as Record<string, unknown>
            body.totalsByStatus = ((await all!.json()) as Record<string, unknown>).totalsByStatus
            return HttpResponse.json(body)
          }),
        ],
      })
      try {
        const outcome = await verifyPacts({
          providerBaseUrl: provider.url,
          pact: writePact(join(work, 'totals'), lists),
        })
        const failed = outcome.results.filter((r) => !r.ok)
        results.push({
          name: 'totalsByStatus counting every status under ?status= fails the filtered lists',
          ok:
            filtered.length === 2 &&
            failed.length === filtered.length &&
            failed.every(
              (r) =>
                filtered.some((i) => i.description === r.description) &&
                /totalsByStatus/.test(r.failure ?? ''),
            ),
          detail: `${failed.length} of ${outcome.results.length} listMyTasks interactions failed${
            failed[0]
              ? `: ${failed[0].description}: ${
                  (failed[0].failure ?? '')
                    .split('\n')
                    .find((l) => /totalsByStatus/.test(l))
                    ?.trim()
                    .slice(0, 110) ?? ''
                }`
              : ''
          }`,
        })
      } finally {
        await provider.close()
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return results
}

export function printSelfTests(results: readonly SelfTestResult[]) {
  console.log('\nContract tooling self-test (each check must catch a deliberate break):')
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name}\n      ${r.detail}`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.env.PACT_DO_NOT_TRACK ??= 'true'
  const results = await runSelfTests()
  printSelfTests(results)
  process.exitCode = results.every((r) => r.ok) ? 0 : 1
}

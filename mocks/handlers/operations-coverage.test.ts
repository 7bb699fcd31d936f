import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createFakeBackend } from '../fake-backend'
import { bodyRuleOf } from '../request-limits'
import { specOperations, validateResponse } from '../testing/openapi-validator'

const PUBLIC_OPERATIONS = new Set([
  'getHealth',
  'requestSignInCode',
  'verifySignInCode',
  'activateAccount',
])

describe('every operation in openapi.yaml', () => {
  it("lists the backend's seven fixed calls (docs/product/api.md), exactly so", () => {
    const named = specOperations.map((op) => `${op.method} ${op.path}`)
    for (const call of [
      'GET /tasks/mine',
      'GET /reports/{id}',
      'PUT /reports/{id}',
      'PUT /tasks/{id}/checkin/byPosition',
      'PUT /tasks/{id}/checkout',
      'POST /awards/',
      'GET /notifications/mine',
    ])
      expect(named).toContain(call)
  })

  it.each(specOperations.map((op) => [op.operationId, op] as const))(
    '%s has a fake-backend handler that refuses a request without a session as the spec says',
    async (operationId, op) => {
      const backend = await createFakeBackend()
      const path = op.path.replace(/\{[^}]+\}/g, 'x-unknown')
      // A body of the type the operation declares (an upload's is a form), so the session is
      // what is judged.
      const form = bodyRuleOf(op.method, path).mediaTypes.includes('multipart/form-data')
      const request = new Request(`http://fake.test/api${path}`, {
        method: op.method,
        ...(op.method === 'GET'
          ? {}
          : {
              body: form ? new FormData() : '{}',
              headers: {
                ...(form ? {} : { 'Content-Type': 'application/json' }),
                'Idempotency-Key': 'k-coverage',
              },
            }),
      })
      const response = await getResponse(backend.handlers, request, { baseUrl: 'http://fake.test' })
      expect(response, `no handler for ${op.method} ${op.path}`).toBeDefined()
      const text = await response!.text()
      const body =
        text && response!.headers.get('Content-Type')?.includes('json')
          ? JSON.parse(text)
          : undefined
      if (!PUBLIC_OPERATIONS.has(operationId)) expect(response!.status).toBe(401)
      const check = validateResponse(
        op.method,
        path,
        response!.status,
        response!.headers.get('Content-Type'),
        body,
      )
      expect(check.ok ? [] : check.errors).toEqual([])
    },
  )
})

/** The provider-state document and the conformance script's cases, rendered from the catalogue. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { answerKeys, STATES } from '../mocks/provider-state-catalogue'
import {
  CONFORMANCE_SCRIPT,
  conformanceCases,
  renderProviderStatesDoc,
  STATES_DOC,
  withCases,
} from './contract-provider-states'

type Schema = {
  title?: string
  required?: string[]
  properties?: Record<string, { const?: string }>
  'x-answer'?: string
}

describe('contracts/provider-states.yaml', () => {
  it('describes every state: its request (name, params) and the answer it must give', async () => {
    const doc = parse(await renderProviderStatesDoc(STATES_DOC)) as {
      components: { schemas: Record<string, Schema> }
    }
    const schemas = doc.components.schemas
    for (const state of Object.values(STATES)) {
      const request = Object.values(schemas).find((s) => s.properties?.state?.const === state.name)
      expect(request, state.name).toBeDefined()
      const answer = schemas[request!['x-answer']!.split('/').pop()!]!
      expect(answer.required).toEqual(answerKeys(state))
    }
  })

  it('is the committed file', async () => {
    expect(readFileSync(STATES_DOC, 'utf8')).toBe(await renderProviderStatesDoc(STATES_DOC))
  })
})

describe('contracts/check-provider-states.sh', () => {
  it('carries one case a state, with each answer key typed', () => {
    const json = conformanceCases()
      .replace(/^CASES='/, '')
      .replace(/'$/, '')
      .replaceAll("'\\''", "'")
    const cases = JSON.parse(json) as Array<{ state: string; answer: Record<string, string> }>
    expect(cases.map((c) => c.state)).toEqual(Object.values(STATES).map((s) => s.name))
    const signedIn = cases.find((c) => c.state === STATES.signedIn.name)!
    expect(signedIn.answer).toEqual({ authToken: 'string' })
    const started = cases.find((c) => c.state === STATES.startedTask.name)!
    expect(started.answer).toMatchObject({ lat: 'number', scheduledFor: 'date-time' })
  })

  it('has its cases up to date', () => {
    const script = readFileSync(CONFORMANCE_SCRIPT, 'utf8')
    expect(withCases(script)).toBe(script)
  })
})

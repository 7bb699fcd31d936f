/**
 * useOutboxItem: a screen's queued write as the phone's outbox says it — waiting, sent once
 * it leaves the outbox after being followed, refused with the server's answer and its fix.
 */
import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { setRuntimeConfig } from '@/lib/runtime-config'
import { saveSession } from '@/lib/session'
import type { OutboxItem, OutboxPayload } from '@/lib/visit-store/db'
import {
  agentVisitDb,
  discardOutboxItem,
  notifyVisitStoreReaders,
  queueWrite,
} from '@/lib/visit-store/store'
import { resetVisitDevice } from '@/test/visit-kit'
import { useOutboxItem } from './use-outbox-item'

const AGENT = 'agt_follow'
const answers = (revisionId: string): Extract<OutboxPayload, { kind: 'answerRevision' }> => ({
  kind: 'answerRevision',
  taskId: 'tsk_1',
  revisionId,
  answers: [],
})
const isAnswers = (item: OutboxItem) => item.kind === 'answerRevision'

beforeEach(async () => {
  setRuntimeConfig({ basename: '', apiBaseUrl: 'http://localhost/api', preview: false })
  saveSession({ token: 'demo', agentId: AGENT, expiresAt: '2099-01-01T00:00:00Z' })
  await resetVisitDevice(AGENT)
})

/** The server took `item`: the sync loop takes it off the outbox and tells the readers. */
async function sendByServer(item: Pick<OutboxItem, 'seq'>) {
  await (await agentVisitDb()).delete('outbox', item.seq!)
  notifyVisitStoreReaders()
}

describe('useOutboxItem', () => {
  it('is pending while queued, and sent once it leaves the outbox', async () => {
    const { result } = renderHook(() => useOutboxItem('tsk_1', isAnswers))
    await waitFor(() => expect(result.current.status).toBe('none'))
    const item = await act(() => queueWrite(answers('rev_1')))
    await waitFor(() => expect(result.current.status).toBe('pending'))
    await act(() => sendByServer(item))
    await waitFor(() => expect(result.current.status).toBe('sent'))
  })

  it('is sent when followed, even if it left before a read saw it waiting', async () => {
    const { result } = renderHook(() => useOutboxItem('tsk_1', isAnswers))
    await waitFor(() => expect(result.current.status).toBe('none'))
    // Queued and sent between two reads of the outbox (a fast connection): no read shows it.
    const db = await agentVisitDb()
    const seq = await db.add('outbox', {
      ...answers('rev_1'),
      id: 'k1',
      createdAt: '2026-03-02T13:00:00.000Z',
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
    })
    await db.delete('outbox', seq)
    const unfollowed = renderHook(() => useOutboxItem('tsk_1', isAnswers))
    act(() => result.current.follow())
    await act(async () => notifyVisitStoreReaders())
    await waitFor(() => expect(result.current.status).toBe('sent'))
    // Not followed, the same outbox says nothing was sent.
    expect(unfollowed.result.current.status).toBe('none')
  })

  it("is refused with the server's answer and its fix; discarding it is not sending it", async () => {
    const { result } = renderHook(() => useOutboxItem('tsk_1', isAnswers))
    const item = await act(() => queueWrite(answers('rev_1')))
    await waitFor(() => expect(result.current.status).toBe('pending'))
    const db = await agentVisitDb()
    const stored = (await db.get('outbox', item.seq!))!
    await db.put('outbox', {
      ...stored,
      state: 'failed',
      lastError: { status: 422, code: 'validation_failed', message: 'Justificativa curta.' },
    })
    await act(async () => notifyVisitStoreReaders())
    await waitFor(() => expect(result.current.status).toBe('failed'))
    const refused = result.current
    if (refused.status !== 'failed') throw new Error('not refused')
    expect(refused.item.lastError?.message).toBe('Justificativa curta.')
    expect(refused.refusal).toEqual({ final: true, fix: 'edit' })
    await act(() => discardOutboxItem(refused.item))
    await waitFor(() => expect(result.current.status).toBe('none'))
  })
})

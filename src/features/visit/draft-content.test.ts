import { describe, expect, it } from 'vitest'
import type { OutboxItem } from '@/lib/visit-store/db'
import { outboxCopy } from './outbox-copy'
import { draftEvidences } from './draft-content'

describe('what waits to be sent, in the agent’s words', () => {
  const item = (
    kind: OutboxItem['kind'],
    state: OutboxItem['state'] = 'pending',
    reportId = 'rep_1',
  ) => ({ kind, state, reportId }) as OutboxItem
  it('counts files apart from the other changes', () => {
    expect(outboxCopy.waiting([item('upload'), item('saveReport'), item('checkin')])).toBe(
      '1 foto ou áudio e 2 alterações aguardando envio',
    )
    expect(outboxCopy.waiting([item('upload'), item('upload')])).toBe(
      '2 fotos ou áudios aguardando envio',
    )
    expect(outboxCopy.waiting([item('saveReport'), item('upload', 'failed')])).toBe(
      '1 alteração aguardando envio',
    )
    expect(outboxCopy.waiting([item('saveReport'), item('submitReport')])).toBe(
      '1 alteração e o relatório aguardando envio',
    )
    // A save already tried and one with what was typed since: one change of one report.
    expect(outboxCopy.waiting([item('saveReport'), item('saveReport')])).toBe(
      '1 alteração aguardando envio',
    )
    expect(outboxCopy.waiting([item('saveReport'), item('saveReport', 'pending', 'rep_2')])).toBe(
      '2 alterações aguardando envio',
    )
  })
})

describe('draftEvidences, the one list of the draft’s evidences', () => {
  const draft = {
    reportId: 'rep_1',
    taskId: 'tsk_1',
    baseVersion: 1,
    answers: [],
    attendants: [],
    times: [],
    checklist: [],
    evidenceRefs: [
      { evidenceId: 'ev_server' },
      { mediaId: 'med_local' },
      { evidenceId: 'ev_gone', kind: 'audio' as const },
      { mediaId: 'med_gone' },
    ],
    taxReceipts: [],
    testimony: '',
    notes: '',
    dirty: false,
    updatedAt: '2026-11-26T10:00:00.000Z',
  }
  const server = {
    evidences: [
      {
        id: 'ev_server',
        kind: 'photo' as const,
        url: 'https://x/1',
        bytes: 10,
        takenAt: '2026-11-26T09:00:00.000Z',
      },
    ],
  }
  const media = [
    {
      id: 'med_local',
      taskId: 'tsk_1',
      kind: 'audio' as const,
      fileName: 'a.webm',
      mimeType: 'audio/webm',
      bytes: 20,
      takenAt: '2026-11-26T09:30:00.000Z',
      state: 'waiting' as const,
      progress: 0,
    },
  ]

  it('keeps every reference, in order, even one whose kind neither the device nor the server knows', () => {
    const list = draftEvidences(draft, server, media)
    expect(list.map((e) => [e.id, e.kind])).toEqual([
      ['ev_server', 'photo'],
      ['local:med_local', 'audio'],
      ['ev_gone', 'audio'],
      ['local:med_gone', 'photo'],
    ])
  })

  it('with no server report (offline) still counts what the device holds', () => {
    expect(draftEvidences(draft, undefined, media)).toHaveLength(4)
  })
})

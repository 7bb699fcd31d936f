import { describe, expect, it } from 'vitest'
import { parsePushMessage, pushMessageOf, PUSH_FALLBACK_LINK } from './push-message'

const valid = {
  title: 'Relatório com pendências',
  body: 'O validador pediu ajustes no relatório da visita T-4821.',
  tag: 'relatorio-com-pendencias-t-4821-1',
  link: '/tasks/T-4821/validation',
  kind: 'validation',
  unreadCount: 4,
}

describe('parsePushMessage', () => {
  it('reads a message the server sent', () => {
    expect(parsePushMessage(JSON.stringify(valid))).toEqual(valid)
  })

  it('keeps an empty body, drops an unknown kind and a bad count', () => {
    const parsed = parsePushMessage(
      JSON.stringify({ ...valid, body: '', kind: 'marketing', unreadCount: -1 }),
    )
    expect(parsed).toEqual({ title: valid.title, body: '', tag: valid.tag, link: valid.link })
  })

  it.each([
    ['nothing', undefined],
    ['an empty payload', ''],
    ['text that is not JSON', 'Nova oportunidade!'],
    ['half a JSON object', '{"title":"Nova'],
    ['JSON that is not an object', '"Nova oportunidade"'],
    ['an array', JSON.stringify([valid])],
    ['null', 'null'],
    ['no title', JSON.stringify({ ...valid, title: undefined })],
    ['a blank title', JSON.stringify({ ...valid, title: '   ' })],
    ['a title that is a number', JSON.stringify({ ...valid, title: 42 })],
    ['no tag', JSON.stringify({ ...valid, tag: '' })],
    ['no link', JSON.stringify({ ...valid, link: undefined })],
    ['a body of 10 kB', JSON.stringify({ ...valid, body: 'x'.repeat(10_000) })],
  ])('is null for %s', (_name, payload) => {
    expect(parsePushMessage(payload)).toBeNull()
  })
})

describe('pushMessageOf', () => {
  it('tags a notification by its slug, so a repeat replaces it on the device', () => {
    const message = pushMessageOf(
      { slug: 'tarefa-aprovada-t-4821', kind: 'task', title: 'Tarefa aprovada', body: 'Ok.' },
      2,
    )
    expect(message).toEqual({
      title: 'Tarefa aprovada',
      body: 'Ok.',
      tag: 'tarefa-aprovada-t-4821',
      link: PUSH_FALLBACK_LINK,
      kind: 'task',
      unreadCount: 2,
    })
    expect(parsePushMessage(JSON.stringify(message))).toEqual(message)
  })
})

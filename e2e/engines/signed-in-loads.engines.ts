/**
 * Issue #28, item 1: on WebKit with a saved profile and the back/forward cache on, a signed-in
 * route opened by a full load while an earlier page of the app sits in that cache stayed on
 * its skeleton forever (4 starts in 14): the earlier page's save of the kept answers, begun
 * at `pagehide` and frozen with the page, held the database the new page's start waited on.
 * Here the same tab opens the signed-in tabs by full loads, one after the other, each as soon
 * as the one before has painted its answers; every one must start.
 */
import { BASE_URL, expect, test } from './fixtures'
import { signIn } from './journey'

const LOADS = 10
const ROUTES = [
  { path: '/oppy', heading: 'Oportunidades' },
  { path: '/tasks', heading: 'Tarefas' },
] as const

test('a signed-in route opened by a full load, again and again in one tab, always starts', async ({
  engine,
  ui,
  backend,
}) => {
  await signIn(engine, ui, backend)
  const started: string[] = []
  for (let i = 0; i < LOADS; i++) {
    const route = ROUTES[i % ROUTES.length]!
    await engine.page.goto(`${BASE_URL}${route.path}`)
    const outcome = await ui.see({ role: 'heading', level: 1, name: route.heading }).then(
      () => 'started',
      (error: Error) => `stuck: ${error.message.split('\n')[0]}`,
    )
    started.push(`${i + 1} ${route.path}: ${outcome}`)
  }
  expect(
    started.filter((s) => !s.endsWith('started')),
    started.join('\n'),
  ).toEqual([])
  // Started with the kept answers, read in time: not after the deadline without them.
  expect(engine.consoleWarnings().filter((w) => w.includes('não abriram'))).toEqual([])
})

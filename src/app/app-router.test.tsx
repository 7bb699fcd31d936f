import { screen } from '@testing-library/react'
import { startTransition, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppRouter } from './app-router'

// The app's first render is a transition React slices over several tasks; act() would flush
// it in one go, so these tests render as the browser does.
type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: unknown }
let actEnvironment: unknown
let root: Root | undefined
beforeEach(() => {
  actEnvironment = (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT
  ;(globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = false
})
afterEach(() => {
  root?.unmount()
  root = undefined
  document.body.innerHTML = ''
  ;(globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = actEnvironment
})

function busyFor(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // the main thread at work
  }
}

/** A row that takes a few milliseconds: the first screen spans several slices, as on a cheap phone. */
function SlowRow({ n }: { n: number }) {
  busyFor(3)
  return <li>Tarefa {n}</li>
}

/** Set by a test: runs while the first screen renders (after the provider has rendered). */
let whileRendering = () => {}

function Tasks() {
  whileRendering()
  return (
    <main>
      <h1>Tarefas</h1>
      <ul>
        {Array.from({ length: 30 }, (_, n) => (
          <SlowRow key={n} n={n} />
        ))}
      </ul>
    </main>
  )
}

function SignedOut() {
  return <h1>Você saiu{useLocation().search}</h1>
}

/**
 * The field's case: /tasks is ready to render; a 401 has started the way to /logout, whose
 * code arrives while the first render is still being sliced (before the provider listens).
 */
async function openWithExpiryDuringFirstRender(
  app: (router: ReturnType<typeof createMemoryRouter>) => ReactNode,
) {
  let logoutCodeArrives = () => {}
  const logoutCode = new Promise<void>((resolve) => (logoutCodeArrives = resolve))
  const router = createMemoryRouter(
    [
      { path: '/tasks', Component: Tasks },
      {
        path: '/logout',
        lazy: async () => {
          await logoutCode
          return { Component: SignedOut }
        },
      },
    ],
    { initialEntries: ['/tasks'] },
  )
  expect(router.state.initialized).toBe(true)
  void router.navigate('/logout?expired=1')
  root = createRoot(document.body.appendChild(document.createElement('div')))
  const tree = app(router)
  // /logout's code arrives while /tasks renders: the navigation ends a few microtasks later,
  // between two slices of the same render, before anything is committed.
  let navigationEndedBeforeCommit = false
  whileRendering = () => {
    whileRendering = () => {}
    logoutCodeArrives()
    void logoutCode.then(() =>
      setTimeout(() => {
        navigationEndedBeforeCommit =
          router.state.location.pathname === '/logout' && document.body.textContent === ''
      }),
    )
  }
  startTransition(() => root!.render(tree))
  await screen.findByRole('heading', { level: 1 })
  expect(navigationEndedBeforeCommit).toBe(true)
  return router
}

describe('AppRouter', () => {
  it('shows a navigation that ended while the first screen was rendering, and its listeners follow', async () => {
    const seen: string[] = []
    let listening = 0
    const router = await openWithExpiryDuringFirstRender((router) => (
      <AppRouter
        router={router}
        listen={() => {
          listening++
          return router.subscribe((state) => seen.push(state.location.pathname))
        }}
      />
    ))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Você saiu?expired=1' }),
    ).toBeInTheDocument()
    expect(screen.queryByText('Tarefa 0')).not.toBeInTheDocument()
    expect(listening).toBe(1)
    await router.navigate('/tasks')
    expect(seen).toContain('/tasks')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarefas' })).toBeInTheDocument()
  })

  it('is needed: a listener that subscribed before RouterProvider leaves the old screen up', async () => {
    await openWithExpiryDuringFirstRender((router) => {
      router.subscribe(() => undefined)
      return <RouterProvider router={router} />
    })
    // Given time to catch up, it does not.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tarefas')
  })
})

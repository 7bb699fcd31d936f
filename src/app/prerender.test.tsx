/**
 * The build-time prerender (app/prerender.tsx): which document each route gets, and what the
 * documents hold. scripts/prerender.test.ts covers how they become files.
 */
import { describe, expect, it } from 'vitest'
import { documentFor } from '@/lib/html-documents'
import { documentPlans, documentTable, renderDocument } from './prerender'

const table = { routes: documentTable() }

describe('the document each route gets', () => {
  it.each([
    // The app's start opens the offers: their own shell.
    ['/', 'screen/oppy.html'],
    ['/login', 'login.html'],
    ['/login/request', 'login/request.html'],
    ['/login/allow', 'login/allow.html'],
    ['/activation', 'activation.html'],
    ['/activation/error', 'activation/error.html'],
    ['/unavailable', 'unavailable.html'],
    ['/logout', 'index.html'],
    // A screen whose data goes out with its code (a route loader) has a shell of its own.
    ['/oppy', 'screen/oppy.html'],
    ['/oppy/tsk_4826', 'screen/oppy/_taskId.html'],
    ['/oppy/tsk_4826/details', 'shell/oppy.html'],
    ['/tasks', 'shell/tasks.html'],
    ['/tasks/canceled', 'shell/tasks.html'],
    ['/tasks/validations', 'shell/tasks.html'],
    ['/tasks/validations/whatsapp', 'shell/tasks.html'],
    ['/tasks/T-4826', 'screen/tasks/_slug.html'],
    ['/tasks/T-4826/report', 'shell/tasks.html'],
    // The visit has its own frame (check-in shell, chat): the bare app, never the tab bar.
    ['/tasks/T-4826/checkin', 'index.html'],
    ['/tasks/T-4826/checkin/notes', 'index.html'],
    ['/tasks/T-4826/form', 'index.html'],
    ['/notifs', 'shell/notifs.html'],
    ['/notifs/ntf-1/read', 'shell/notifs.html'],
    ['/account', 'shell/account.html'],
    ['/account/wallet', 'shell/account.html'],
    ['/account/details/transactions/tx_1', 'shell/account.html'],
    ['/help', 'shell/help.html'],
    ['/event/tasks', 'shell/app.html'],
    ['/nao-existe', 'index.html'],
  ])('%s → %s', (path, document) => {
    expect(documentFor(path, table)).toBe(document)
  })
})

describe('the prerendered documents', () => {
  const plans = documentPlans()

  it.each(plans.filter((p) => p.kind !== 'shell').map((p) => [p.path, p] as const))(
    '%s shows its screen heading, with no style attribute',
    async (_path, plan) => {
      const html = await renderDocument(plan)
      expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/)
      expect(html).not.toMatch(/\sstyle="/)
    },
  )

  it('the sign-in screen is the real form', async () => {
    const html = await renderDocument(plans.find((p) => p.path === '/login')!)
    expect(html).toContain('Celular com DDD')
    expect(html).toContain('Receber código')
  })

  it.each(plans.filter((p) => p.kind === 'shell').map((p) => [p.document, p] as const))(
    '%s carries the navigation and the skeleton',
    async (_document, plan) => {
      const html = await renderDocument(plan)
      const container = document.createElement('div')
      container.innerHTML = html
      const nav = container.querySelector('nav[aria-label="Navegação principal"]')!
      expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
        'Oportunidades',
        'Tarefas',
        'Notificações',
        'Conta',
        'Ajuda',
      ])
      const current = nav.querySelector('a[aria-current="page"]')
      const tab = plan.path === '/_' ? null : `/${plan.path.split('/')[1]}`
      expect(current?.getAttribute('href') ?? null).toBe(tab)
      expect(container.querySelector('[aria-busy="true"]')).not.toBeNull()
      expect(html).not.toMatch(/\sstyle="/)
    },
  )
})

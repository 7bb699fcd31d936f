import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

describe('Política de conduta', () => {
  it('shows the policy of my projects as paragraphs', async () => {
    await renderRoute('/tasks/policy')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de conduta' }),
    ).toBeInTheDocument()
    const [project] = fakeBackend.db.projects.findMany()
    const paragraphs = project!.policy.split('\n\n')
    expect(await screen.findByText(paragraphs[0]!)).toBeInTheDocument()
    for (const paragraph of paragraphs) expect(screen.getByText(paragraph).tagName).toBe('P')
    // The same text in every project is shown once, saying where it applies.
    expect(screen.getAllByText(paragraphs[0]!)).toHaveLength(1)
    expect(screen.getByText(/^Vale para: /)).toHaveTextContent(project!.name)
  })

  it('shows the text as typed, never as HTML', async () => {
    const { router } = await renderRoute('/account')
    for (const project of fakeBackend.db.projects.findMany())
      await fakeBackend.db.projects.update((q) => q.where({ id: project.id }), {
        data(p) {
          p.policy =
            'Primeira regra <img src=x onerror=alert(1)> <b>importante</b>\n\nSegunda regra'
        },
      })
    await router.navigate('/tasks/policy')
    expect(
      await screen.findByText('Primeira regra <img src=x onerror=alert(1)> <b>importante</b>'),
    ).toBeInTheDocument()
    expect(screen.getByText('Segunda regra')).toBeInTheDocument()
    expect(document.querySelector('main img, main b')).toBeNull()
  })

  it('includes the project of an opportunity being looked at', async () => {
    await renderRoute('/tasks/policy?project=prj_farma', { scenario: 'new-agent' })
    expect(await screen.findByText(/^Vale para: Atendimento em farmácias/)).toBeInTheDocument()
  })

  it('says so when there is no project yet', async () => {
    await renderRoute('/tasks/policy', { scenario: 'new-agent' })
    expect(await screen.findByText('Nenhuma política para mostrar')).toBeInTheDocument()
  })

  it('says so when the policy cannot load, and retries', async () => {
    failApi('get', '/projects/:id', 500)
    const { user } = await renderRoute('/tasks/policy')
    expect(
      await screen.findByText('Não foi possível carregar a política de conduta'),
    ).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByText(/^Vale para: /)).toBeInTheDocument()
  })
})

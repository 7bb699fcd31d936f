import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '@/test/render-route'

describe('Tarefas with thousands of tasks (large scenario)', () => {
  it('shows them a page at a time and loads more on request', { timeout: 30_000 }, async () => {
    const { user } = await renderRoute('/tasks', { scenario: 'large' })
    expect(await screen.findByText('Mostrando 100 de 5000 tarefas.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Carregar mais tarefas' }))
    expect(await screen.findByText('Mostrando 200 de 5000 tarefas.')).toBeInTheDocument()
  })
})

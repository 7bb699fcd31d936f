import { RuleTester } from 'eslint'
import { describe, expect, it } from 'vitest'
import rule, { hasAlternative } from './one-outcome.js'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } })

describe('hasAlternative', () => {
  it('sees a | outside character classes and escapes only', () => {
    expect(hasAlternative('recusada|Completo')).toBe(true)
    expect(hasAlternative('^Tentar (de novo|agora)$')).toBe(true)
    expect(hasAlternative('a\\|b')).toBe(false)
    expect(hasAlternative('[|]')).toBe(false)
    expect(hasAlternative('[\\]|]x')).toBe(false)
    expect(hasAlternative('^Prêmios')).toBe(false)
  })
})

tester.run('one-outcome', rule, {
  valid: [
    // One outcome, waited for.
    "await waitFor(() => expect(awards).toHaveTextContent('1 recusada'))",
    'await screen.findByRole("button", { name: /^Enviar/ })',
    "await expect(page.getByRole('heading', { name: 'Oportunidades' })).toBeVisible()",
    'expect(value).toMatch(/^(\\d{0,2}|\\d{2}:\\d{0,2})$/)', // a pure function's output
    // "None of these" is one outcome.
    'expect(screen.queryByText(/Aguardando|Enviando|Enviada/)).not.toBeInTheDocument()',
    'await expect(page.getByText(/Aguardando|Enviando/).first()).toBeHidden()',
    "await expect(page.getByRole('button', { name: /Salvar|Editar/ })).toHaveCount(0)",
    'expect(row).not.toHaveTextContent(/recusada|pendente/)',
    // A regex without alternatives, an escaped bar, a bar in a class.
    'expect(el).toHaveTextContent(/a\\|b [|] c/)',
    'const p = Promise.all([a, b])',
    // What the screen showed, read once it settled and kept for the log, is not a branch.
    'const deleted = await page.getByText("Dados apagados").isVisible()',
    // One outcome against a deadline.
    'await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(false), 10_000))])',
  ],
  invalid: [
    // Issue 39's own: waits for either, then asserts one.
    {
      code: 'await waitFor(() => expect(awards).toHaveTextContent(/recusada|Completo/))',
      errors: [{ messageId: 'alternation' }],
    },
    {
      code: "await screen.findByRole('button', { name: /Salvar|Editar/ })",
      errors: [{ messageId: 'alternation' }],
    },
    {
      code: "page.getByRole('link', { name: /^(Fazer check-in|Continuar visita)$/ })",
      errors: [{ messageId: 'alternation' }],
    },
    {
      code: 'await expect(list.getByText(/Aguardando conexão|A conexão caiu/)).toBeVisible()',
      errors: [{ messageId: 'alternation' }],
    },
    {
      code: 'expect(screen.getByText(/^Expira em 2 h 59 min$|^Expira em 3 h$/)).toBeInTheDocument()',
      errors: [{ messageId: 'alternation' }],
    },
    { code: 'await expect(page).toHaveURL(/oppy|login/)', errors: [{ messageId: 'alternation' }] },
    {
      code: 'await expect(offers.or(page.getByRole("heading", { name: "Entrar" }))).toBeVisible()',
      errors: [{ messageId: 'or' }],
    },
    {
      code: 'const first = await Promise.race([shown, failed])',
      errors: [{ messageId: 'race', data: { name: 'race' } }],
    },
    { code: 'await Promise.any([a, b])', errors: [{ messageId: 'race' }] },
    // The full phone's own (bad-days.spec.ts): the sheet still on its way reads "not there".
    {
      code: 'if (await anyway.isVisible().catch(() => false)) await anyway.click()',
      errors: [{ messageId: 'instant', data: { name: 'isVisible' } }],
    },
    {
      code: 'const label = (await banner.isHidden()) ? "sem aviso" : "com aviso"',
      errors: [{ messageId: 'instant', data: { name: 'isHidden' } }],
    },
  ],
})

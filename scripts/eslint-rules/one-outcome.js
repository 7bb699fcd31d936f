/**
 * `avaliador/one-outcome`: a test waits for the one thing the screen must show, never for
 * "A or B" (issue 39). Waiting for either of two outcomes and then asserting one of them passes
 * only when that one came first — on a warm machine; on a loaded one the other shows first
 * and the test fails (or, worse, passes having seen a screen that said something untrue).
 *
 * Reported, in test code (`*.test.ts(x)`, src/test/, e2e/):
 *  - a regular expression with an alternative (`/recusada|Completo/`, `/^Tentar (de novo|agora)$/`)
 *    given to a query or matcher of what the screen says (Testing Library's `…ByText`,
 *    `…ByRole({ name })`, `…ByLabelText`…, Playwright's `getByText`, `getByLabel`…, and the
 *    matchers `toHaveTextContent`, `toHaveText`, `toContainText`, `toHaveAccessibleName`,
 *    `toHaveURL`…). Allowed under `expect(…).not`: "none of these" is one outcome;
 *  - Playwright's `locator.or(other)`;
 *  - `Promise.race` and `Promise.any`, unless one racer is a deadline (`new Promise(… setTimeout …)`:
 *    one outcome, waited for at most so long);
 *  - a branch on what the screen shows at this instant (`if (await anyway.isVisible()) await
 *    anyway.click()`): `isVisible()` does not wait, so on a loaded machine the sheet that was
 *    on its way is "not there", the test takes the other path and waits for a screen that never
 *    comes (bad-days.spec.ts's full phone timed out so in a CI run). Know whether it must show,
 *    and wait for it.
 *
 * When two outcomes are both right (a crash before or after a write reached the disk), find
 * out which one happened from another source of truth (the device's database, the server),
 * then assert the screen shows that one. When the screen may show a state on its way (loading,
 * "Verificando…"), assert that state, then the next one; `src/test/seen-texts.ts` records what
 * an element said at each moment. A case that really is one outcome (racing an action against
 * its own failure) keeps an `eslint-disable-next-line avaliador/one-outcome -- <why>`.
 */

/** Whether a regular expression's pattern has a `|` outside character classes and escapes. */
export function hasAlternative(pattern) {
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === '\\') i++
    else if (inClass) inClass = c !== ']'
    else if (c === '[') inClass = true
    else if (c === '|') return true
  }
  return false
}

const TESTING_LIBRARY_QUERY =
  /^(?:get|query|find)(?:All)?By(?:Text|LabelText|PlaceholderText|AltText|Title|DisplayValue|TestId)$/
const PLAYWRIGHT_QUERY = /^getBy(?:Text|Label|Placeholder|AltText|Title|TestId)$/
const ROLE_QUERY = /^(?:(?:get|query|find)(?:All)?ByRole|getByRole)$/
const MATCHER =
  /^(?:toHaveTextContent|toHaveText|toContainText|toHaveAccessibleName|toHaveAccessibleDescription|toHaveAccessibleErrorMessage|toHaveURL|toHaveTitle|toHaveValue|toHaveValues|toHaveDisplayValue|toHaveAttribute|toHaveRole)$/

const calleeName = (call) =>
  call.callee.type === 'MemberExpression' && !call.callee.computed
    ? call.callee.property.name
    : call.callee.type === 'Identifier'
      ? call.callee.name
      : undefined

/**
 * `expect(<query>).not.…`, `expect(<query>).toBeHidden()`, `expect(<query>).toHaveCount(0)`:
 * the query's elements are asserted absent, so "none of these" is the one outcome said.
 */
function assertedAbsent(query) {
  let node = query
  // Up through the locator's own chain (`.first()`, `.nth(0)`).
  while (
    (node.parent?.type === 'MemberExpression' && node.parent.object === node) ||
    (node.parent?.type === 'CallExpression' && node.parent.callee === node)
  )
    node = node.parent
  const expectCall = node.parent
  if (
    expectCall?.type !== 'CallExpression' ||
    expectCall.arguments[0] !== node ||
    !['expect', 'soft'].includes(calleeName(expectCall))
  )
    return false
  const member = expectCall.parent
  if (member?.type !== 'MemberExpression' || member.object !== expectCall || member.computed)
    return false
  const matcher = member.property.name
  if (matcher === 'not' || matcher === 'toBeHidden') return true
  const call = member.parent
  return (
    matcher === 'toHaveCount' &&
    call?.type === 'CallExpression' &&
    call.arguments[0]?.type === 'Literal' &&
    call.arguments[0].value === 0
  )
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A test waits for the one outcome the screen must show: no "A or B" alternatives (regex alternation in screen queries and matchers, locator.or, Promise.race/any).',
    },
    schema: [],
    messages: {
      alternation:
        'Wait for the one thing the screen must say, not "{{pattern}}" (either of several): on a loaded machine the other shows first. Assert each state in turn, or learn which outcome happened elsewhere and assert that one (scripts/eslint-rules/one-outcome.js).',
      or: 'locator.or(…) waits for either of two screens; wait for the one the test expects (learn which from the device or the server when both are right).',
      race: 'Promise.{{name}} in a test waits for whichever outcome comes first; wait for the one the test expects.',
      instant:
        'A branch on `{{name}}()` reads the screen at this instant, without waiting: if it is still on its way the test takes the other path. Know whether it must show, and wait for it.',
    },
  },
  create(context) {
    const checkRegex = (node) => {
      if (node?.type === 'Literal' && node.regex && hasAlternative(node.regex.pattern))
        context.report({
          node,
          messageId: 'alternation',
          data: { pattern: `/${node.regex.pattern}/` },
        })
    }
    const checkOptions = (options) => {
      if (options?.type !== 'ObjectExpression') return
      for (const p of options.properties)
        if (
          p.type === 'Property' &&
          !p.computed &&
          p.key.type === 'Identifier' &&
          (p.key.name === 'name' || p.key.name === 'description')
        )
          checkRegex(p.value)
    }
    /** `await <locator>.isVisible()` / `.isHidden()` anywhere in a branch's condition. */
    const checkCondition = (test) => {
      const visit = (node) => {
        if (!node || typeof node.type !== 'string') return
        if (
          node.type === 'CallExpression' &&
          node.callee.type === 'MemberExpression' &&
          !node.callee.computed &&
          (node.callee.property.name === 'isVisible' || node.callee.property.name === 'isHidden')
        )
          return context.report({
            node,
            messageId: 'instant',
            data: { name: node.callee.property.name },
          })
        for (const key of ['argument', 'callee', 'object', 'left', 'right', 'expression'])
          visit(node[key])
      }
      visit(test)
    }
    return {
      IfStatement: (node) => checkCondition(node.test),
      ConditionalExpression: (node) => checkCondition(node.test),
      CallExpression(call) {
        const name = calleeName(call)
        if (!name) return
        if (
          call.callee.type === 'MemberExpression' &&
          call.callee.object.type === 'Identifier' &&
          call.callee.object.name === 'Promise' &&
          (name === 'race' || name === 'any')
        ) {
          // Against a deadline (`new Promise(… setTimeout …)`): one outcome, waited for at most
          // so long (a process's exit), not either of two.
          const racers =
            call.arguments[0]?.type === 'ArrayExpression' ? call.arguments[0].elements : []
          const deadline = racers.some(
            (r) =>
              r?.type === 'NewExpression' &&
              r.callee.type === 'Identifier' &&
              r.callee.name === 'Promise' &&
              context.sourceCode.getText(r).includes('setTimeout('),
          )
          if (!deadline) context.report({ node: call, messageId: 'race', data: { name } })
          return
        }
        if (name === 'or' && call.callee.type === 'MemberExpression' && call.arguments.length === 1)
          return context.report({ node: call, messageId: 'or' })
        const isQuery = TESTING_LIBRARY_QUERY.test(name) || PLAYWRIGHT_QUERY.test(name)
        const isRole = ROLE_QUERY.test(name)
        if ((isQuery || isRole) && assertedAbsent(call)) return
        if (isQuery) checkRegex(call.arguments[0])
        else if (isRole) checkOptions(call.arguments[1])
        else if (MATCHER.test(name)) {
          const asserted = call.callee.type === 'MemberExpression' ? call.callee.object : undefined
          if (asserted?.type === 'MemberExpression' && asserted.property.name === 'not') return
          for (const arg of call.arguments) checkRegex(arg)
        }
      },
    }
  },
}

export default rule

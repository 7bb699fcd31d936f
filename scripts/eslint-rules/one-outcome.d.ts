import type { Rule } from 'eslint'

export function hasAlternative(pattern: string): boolean
declare const rule: Rule.RuleModule
export default rule

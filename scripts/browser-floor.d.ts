export function floorQuery(): string[]
export function compareVersions(a: string, b: string): number
export function floorVersions(query?: string[]): Record<string, string>
export function buildTargets(query?: string[]): string[]
export function compatOf(feature: string): { support: Record<string, unknown> }
export function floorLacks(feature: string, versions?: Record<string, string>): string[]
export const ESX_FEATURES: Record<string, string>
export function esxRules(
  esx: { configs: Record<string, { rules?: Record<string, unknown> }> },
  versions?: Record<string, string>,
): Record<string, 'error'>
export const COMPAT_SETTINGS: { lintAllEsApis: boolean; polyfills: string[] }

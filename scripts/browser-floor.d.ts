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
export const LOWERED_BY_THE_BUILD: string[]
export function esxSourceRules(
  esx: { configs: Record<string, { rules?: Record<string, unknown> }> },
  versions?: Record<string, string>,
): Record<string, 'error'>
export function missingStaticApis(
  versions?: Record<string, string>,
): Array<{ object: string; property: string; message: string }>
export const COMPAT_SETTINGS: { browsers: string[]; lintAllEsApis: boolean; polyfills: string[] }

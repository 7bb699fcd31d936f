/** Paths that stay inside this app: for `?next=`, `?from=`, return paths and notification links. */

const ORIGIN = 'https://app.invalid'

/**
 * True for a path of this app (`/tasks/T-1`, `/event/task?id=…`); false for `//host`,
 * `/\host`, a URL — and for what a browser reads as one of these: it drops tabs and line
 * breaks inside a URL and reads "\" as "/", so "/\t/host" leaves the app too.
 */
export function isAppPath(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false
  try {
    return new URL(value, ORIGIN).origin === ORIGIN
  } catch {
    return false
  }
}

/** The value when it is a path of this app, else `fallback`. */
export function appPathOr<T extends string | null>(
  value: string | null | undefined,
  fallback: T,
): string | T {
  return isAppPath(value) ? value : fallback
}

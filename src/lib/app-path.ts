/** Paths that stay inside this app: for `?next=`, `?from=`, return paths and notification links. */

/** True for a path of this app (`/tasks/T-1`, `/event/task?id=…`); false for `//host`, `/\host` or a URL. */
export function isAppPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
}

/** The value when it is a path of this app, else `fallback`. */
export function appPathOr<T extends string | null>(value: string | null | undefined, fallback: T): string | T {
  return isAppPath(value) ? value : fallback
}

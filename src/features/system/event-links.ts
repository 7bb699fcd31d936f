import { appPathOr } from '@/lib/app-path'
import { pathTo } from '@/lib/route-patterns'
/**
 * Deep links (`/event/<domain>?…`, sent in pushes, SMS and e-mails) → the app path they open.
 * Null when the link is not one the app knows or lacks what it needs.
 */
export function eventTarget(domain: string, params: URLSearchParams): string | null {
  // `.` and `..` name no task: no path can carry them (pathTo refuses them).
  const param = (name: string) => {
    const value = params.get(name)?.trim()
    return value && value !== '.' && value !== '..' ? value : null
  }
  switch (domain) {
    case 'task': {
      const id = param('id') ?? param('slug')
      return id ? pathTo('/tasks/:slug', { slug: id }) : null
    }
    case 'validation': {
      const id = param('id') ?? param('slug')
      return id ? pathTo('/tasks/:slug/validation', { slug: id }) : null
    }
    case 'notification': {
      const slug = param('slug')
      return slug ? pathTo('/notifs/:slug/read', { slug }) : null
    }
    case 'oppy': {
      const id = param('id')
      return id ? pathTo('/oppy/:taskId', { taskId: id }) : '/oppy'
    }
    case 'wallet':
      return '/account/wallet'
    case 'notes':
      return '/notes'
    default:
      return null
  }
}

/** A `?from=`/`?next=` value the app may go to: a path of this app, never another origin. */
export function safeAppPath(value: string | null): string | null {
  return appPathOr(value, null)
}

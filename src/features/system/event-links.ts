import { appPathOr } from '@/lib/app-path'
/**
 * Deep links (`/event/<domain>?…`, sent in pushes, SMS and e-mails) → the app path they open.
 * Null when the link is not one the app knows or lacks what it needs.
 */
export function eventTarget(domain: string, params: URLSearchParams): string | null {
  const param = (name: string) => {
    const value = params.get(name)?.trim()
    return value ? encodeURIComponent(value) : null
  }
  switch (domain) {
    case 'task': {
      const id = param('id') ?? param('slug')
      return id ? `/tasks/${id}` : null
    }
    case 'validation': {
      const id = param('id') ?? param('slug')
      return id ? `/tasks/${id}/validation` : null
    }
    case 'notification': {
      const slug = param('slug')
      return slug ? `/notifs/${slug}/read` : null
    }
    case 'oppy': {
      const id = param('id')
      return id ? `/oppy/${id}` : '/oppy'
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

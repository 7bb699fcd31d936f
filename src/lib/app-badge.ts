/**
 * The installed app's icon shows how many notifications are unread (the Badging API:
 * `navigator.setAppBadge`), set by the app whenever it learns the count and by the service
 * worker when a push brings it. Where the API is missing (Firefox, a browser tab, iOS before
 * 16.4) nothing happens, and nothing breaks.
 */
type Badging = {
  setAppBadge?: (contents?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

export function showUnreadOnAppBadge(count: number): void {
  if (typeof navigator === 'undefined') return
  const badging = navigator as unknown as Badging
  try {
    const done =
      count > 0 ? badging.setAppBadge?.(Math.floor(count)) : badging.clearAppBadge?.call(navigator)
    void done?.catch(() => undefined)
  } catch {
    // Not allowed here (no installed app, a document without focus): the count waits.
  }
}

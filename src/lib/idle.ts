/**
 * Runs `task` when the browser is idle (after the current screen has painted and handled
 * input), or after `timeoutMs` at the latest. Falls back to a timer where requestIdleCallback
 * is missing (Safari, jsdom). Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 200)
  return () => clearTimeout(id)
}

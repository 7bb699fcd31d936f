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

/**
 * Ends the current task and continues in a new one, so the browser can paint and answer a
 * tap in between: a long start split into steps no longer blocks the phone for its whole
 * length. `scheduler.yield()` where the browser has it (the continuation runs before other
 * queued work), else a zero timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Runs `task` once the next frame is on the screen: the animation callback of the frame after
 * it comes once it is presented, and a timer queued from there runs after that callback's
 * frame work. At once in a hidden page (it paints nothing), and within `fallbackMs` in any
 * case (a page hidden while it waits gets no frames).
 */
export function afterNextPaint(task: () => void, fallbackMs = 1000): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    task()
  }
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden'
  if (hidden || typeof requestAnimationFrame !== 'function') {
    setTimeout(once, 0)
    return
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 0)))
  setTimeout(once, fallbackMs)
}

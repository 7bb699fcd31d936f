/**
 * The handle the browser check (src/app/floor-check.js, inline at the top of every document)
 * leaves on the window while the app starts: the boot tells it a file of the start could not
 * be parsed (scripts/prerender.ts), and the entry that it has run (main.tsx), after which an
 * error is the app's to handle, not a browser below the floor.
 */
export const FLOOR_CHECK_GLOBAL = '__avaliadorFloor'

/** What the check sets on <html> when this browser is below the floor (its page shows). */
export const BELOW_FLOOR_ATTRIBUTE = 'data-below-floor'

type FloorCheck = { started(): void; cannotStart(): void }

/** The check found this browser below the floor: nothing of the app may start. */
export function isBelowFloor() {
  return document.documentElement.hasAttribute(BELOW_FLOOR_ATTRIBUTE)
}

/** The app's entry has run: its files parse in this browser. */
export function markAppStarted() {
  ;(globalThis as { [FLOOR_CHECK_GLOBAL]?: FloorCheck })[FLOOR_CHECK_GLOBAL]?.started()
}

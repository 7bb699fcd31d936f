/**
 * Short confirmations ("Cupom salvo no relatório."), one at a time, for SNACKBAR_MS
 * (src/domain/constants.ts) or until the agent leaves the screen. The message takes the place
 * of the screen's bottom bar — the navigation, the visit's status bar — whose room the page
 * always keeps free: it lies over no control and moves nothing, coming or going, and it is in
 * sight wherever the agent has scrolled. While it shows, the navigation under it is hidden (a
 * tap on the message puts it away at once). Its region is a polite live region, in the page
 * (after the heading, `SnackbarOutlet` placed by `Page`) before the message, so screen readers
 * hear each new one (docs/decisions/0021-every-hand.md).
 *
 * A message that confirms what the agent just did on this screen shows here; one raised right
 * before a navigation (`{ onNextScreen: true }`: "Tarefa aceita" on the task it opens) waits
 * for the next screen and ends with that one.
 */
import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { useLocation } from 'react-router-dom'
import { SNACKBAR_MS } from '@/domain/constants'
import styles from './snackbar.module.css'

export type SnackbarOptions = {
  /** Show it on the screen the app is about to open instead of this one. */
  onNextScreen?: boolean
}

type ShowSnackbar = (message: string, options?: SnackbarOptions) => void

type Message = {
  id: number
  text: string
  /** The screen (pathname) it was raised on, when it is meant for the next one. */
  after?: string
  /** The screen it is shown on, once an outlet has shown it. */
  shownOn?: string
}

/** The one message; the screen on show (its outlet says which) for "the next screen". */
function createStore() {
  let message: Message | null = null
  let nextId = 1
  let timer: ReturnType<typeof setTimeout> | undefined
  const listeners = new Set<() => void>()
  const set = (next: Message | null) => {
    message = next
    listeners.forEach((l) => l())
  }
  const store = {
    screen: '',
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    get: () => message,
    /** Whether a message is on screen `path` now. */
    showing: () => message !== null && message.shownOn === store.screen,
    show(text: string, options?: SnackbarOptions) {
      clearTimeout(timer)
      set({ id: nextId++, text, ...(options?.onNextScreen ? { after: store.screen } : {}) })
    },
    /** Ends message `id` before its time (the agent tapped it). */
    dismiss(id: number) {
      if (message?.id !== id) return
      clearTimeout(timer)
      set(null)
    },
    /** What an outlet on screen `path` does with the message: show it (its time starts now), or end it. */
    sync(path: string) {
      store.screen = path
      const m = message
      if (!m) return
      if (m.shownOn === undefined && m.after !== path) {
        set({ ...m, shownOn: path })
        timer = setTimeout(() => message?.id === m.id && set(null), SNACKBAR_MS)
      } else if (m.shownOn !== undefined && m.shownOn !== path) {
        clearTimeout(timer)
        set(null)
      }
    },
  }
  return store
}

type SnackbarStore = ReturnType<typeof createStore>

// Without a provider (a component shown alone), messages go to a store nobody shows.
const StoreContext = createContext<SnackbarStore>(createStore())

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createStore)
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

/** Raises a message (a stable function: the store's own). */
export function useSnackbar(): ShowSnackbar {
  return useContext(StoreContext).show
}

/**
 * Whether a message shows now: the screen's bottom bar hides what is under it meanwhile (its
 * links would be under the message).
 */
export function useMessageShowing(): boolean {
  const store = useContext(StoreContext)
  return useSyncExternalStore(store.subscribe, store.showing, store.showing)
}

/**
 * The message on a screen: a live region after its heading, shown at the bottom in the place
 * of the screen's bar. The region is there (empty) from the screen's first paint; the text
 * comes once the outlet has taken the message, after that paint.
 */
export function SnackbarOutlet() {
  const store = useContext(StoreContext)
  const path = useLocation().pathname
  const message = useSyncExternalStore(store.subscribe, store.get, store.get)
  useEffect(() => store.sync(path), [store, path, message])
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {message?.shownOn === path && (
        // A tap on it gives the bar back at once; nothing else is lost (the message is also
        // heard, and its time is short), so it is no control of its own.
        <p key={message.id} className={styles.snackbar} onClick={() => store.dismiss(message.id)}>
          {message.text}
        </p>
      )}
    </div>
  )
}

/**
 * Short confirmations ("Cupom salvo no relatório."), one at a time. They never float over the
 * screen: the message takes its own line under the screen's heading (`SnackbarOutlet`, placed
 * by `Page`), so it can cover neither a button nor the navigation. It ends with its screen —
 * leaving the screen takes it away — or after SNACKBAR_MS. Its line is a polite live region
 * that is in the page before the message, so screen readers hear each new one.
 *
 * A message that confirms what the agent just did on this screen shows here; one raised right
 * before a navigation (`{ onNextScreen: true }`: "Tarefa aceita" on the task it opens) waits
 * for the next screen and ends with that one.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
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

type State = {
  message: Message | null
  /** Outlets on screen (their ids): none means a component shown alone (a test), served by the
      fallback. An outlet shows a message only once it is listed, i.e. after its first paint. */
  outlets: readonly string[]
  /** The pathname of the screen on show, as its outlet last saw it. */
  screen: string | undefined
}

/** The one message, the outlets that can show it, and what they do with it. */
class SnackbarStore {
  private state: State = { message: null, outlets: [], screen: undefined }
  private listeners = new Set<() => void>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private nextId = 1

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }
  get = () => this.state
  private update(patch: Partial<State>) {
    this.state = { ...this.state, ...patch }
    this.listeners.forEach((l) => l())
  }
  show(text: string, options?: SnackbarOptions) {
    clearTimeout(this.timer)
    const after = options?.onNextScreen ? (this.state.screen ?? '') : undefined
    this.update({ message: { id: this.nextId++, text, ...(after !== undefined ? { after } : {}) } })
    // With no screen around (a component alone), it is shown at once by the fallback.
    if (this.state.outlets.length === 0 && after === undefined) this.startTimer()
  }
  /** An outlet on screen `path` shows the message: its time starts now. */
  claim(id: number, path: string) {
    const message = this.state.message
    if (message?.id !== id || message.shownOn !== undefined) return
    this.update({ message: { ...message, shownOn: path } })
    this.startTimer()
  }
  dismiss(id: number) {
    if (this.state.message?.id !== id) return
    clearTimeout(this.timer)
    this.update({ message: null })
  }
  addOutlet(id: string) {
    this.update({ outlets: [...this.state.outlets, id] })
    return () => this.update({ outlets: this.state.outlets.filter((o) => o !== id) })
  }
  onScreen(path: string) {
    if (this.state.screen !== path) this.update({ screen: path })
  }
  private startTimer() {
    const id = this.state.message?.id
    clearTimeout(this.timer)
    this.timer = setTimeout(() => id !== undefined && this.dismiss(id), SNACKBAR_MS)
  }
  dispose() {
    clearTimeout(this.timer)
  }
}

const StoreContext = createContext<SnackbarStore | null>(null)

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new SnackbarStore())
  useEffect(() => () => store.dispose(), [store])
  return (
    <StoreContext.Provider value={store}>
      {children}
      <FallbackOutlet store={store} />
    </StoreContext.Provider>
  )
}

/** Raises a message; outside a provider it does nothing. */
export function useSnackbar(): ShowSnackbar {
  const store = useContext(StoreContext)
  return useCallback<ShowSnackbar>((text, options) => store?.show(text, options), [store])
}

function useSnackbarState(store: SnackbarStore) {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}

/**
 * The message's line on a screen: under its heading, in the page's flow. The live region is
 * there (empty) from the screen's first paint, and the text comes after it.
 */
export function SnackbarOutlet() {
  const store = useContext(StoreContext)
  if (!store) return null
  return <RoutedOutlet store={store} />
}

function RoutedOutlet({ store }: { store: SnackbarStore }) {
  const path = useLocation().pathname
  const id = useId()
  const { message, outlets } = useSnackbarState(store)
  useEffect(() => store.addOutlet(id), [store, id])
  const mounted = outlets.includes(id)
  useEffect(() => store.onScreen(path), [store, path])
  const visible = mounted && message !== null && showsHere(message, path)
  useEffect(() => {
    if (!message) return
    if (message.shownOn !== undefined && message.shownOn !== path) store.dismiss(message.id)
    else if (visible) store.claim(message.id, path)
  }, [store, message, path, visible])
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {visible && (
        <p key={message.id} className={styles.snackbar}>
          {message.text}
        </p>
      )}
    </div>
  )
}

function showsHere(message: Message, path: string) {
  if (message.shownOn !== undefined) return message.shownOn === path
  return message.after === undefined || message.after !== path
}

/** For a component shown with no screen around it (tests of one component). */
function FallbackOutlet({ store }: { store: SnackbarStore }) {
  const { message, outlets } = useSnackbarState(store)
  if (outlets.length > 0) return null
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {message && message.after === undefined && <p className={styles.snackbar}>{message.text}</p>}
    </div>
  )
}

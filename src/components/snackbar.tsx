/**
 * One snackbar at a time, for SNACKBAR_MS, announced by a polite live region that is always
 * in the page (so screen readers hear each new message).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { SNACKBAR_MS } from '@/domain/constants'
import styles from './snackbar.module.css'

type ShowSnackbar = (message: string) => void

const SnackbarContext = createContext<ShowSnackbar>(() => {})

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<{ text: string; id: number } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const show = useCallback<ShowSnackbar>((text) => {
    clearTimeout(timer.current)
    setMessage({ text, id: Date.now() })
    timer.current = setTimeout(() => setMessage(null), SNACKBAR_MS)
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <SnackbarContext.Provider value={show}>
      {children}
      <div className={styles.region} role="status" aria-live="polite">
        {message && (
          <div key={message.id} className={styles.snackbar}>
            {message.text}
          </div>
        )}
      </div>
    </SnackbarContext.Provider>
  )
}

export function useSnackbar(): ShowSnackbar {
  return useContext(SnackbarContext)
}

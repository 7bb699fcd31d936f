import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import styles from './page.module.css'
import { BackIcon } from './icons'
import { SnackbarOutlet } from './snackbar'

export type PageProps = {
  /** The pt-BR heading, also the document title. */
  title: string
  /** Where the back arrow leads; none when absent. */
  backTo?: string
  actions?: ReactNode
  children: ReactNode
}

/** A screen: its heading (h1), the browser title, and content at most 720 px wide. */
export function Page({ title, backTo, actions, children }: PageProps) {
  const main = useRef<HTMLElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const location = useLocation()
  useEffect(() => {
    document.title = `${title} · Avaliador`
  }, [title])
  // After a navigation inside the app, focus goes to the new screen's heading (keyboard and
  // screen-reader users start reading there), unless the new screen moved it on purpose
  // (its effects run after this layout effect has noted where focus was) or a dialog holds
  // it. The first screen of a page load keeps the browser's focus. Only a change of screen
  // counts, not a change of its query string.
  const firstLoad = location.key === 'default'
  const focusAtArrival = useRef<Element | null>(null)
  useLayoutEffect(() => {
    focusAtArrival.current = document.activeElement
  }, [location.pathname])
  useEffect(() => {
    if (firstLoad) return
    const active = document.activeElement
    const movedHere =
      active !== focusAtArrival.current &&
      active !== document.body &&
      main.current?.contains(active)
    if (movedHere || active?.closest('dialog[open]')) return
    // The root layout's ScrollRestoration owns the scroll: the top for a new screen, the
    // old position on back. Focusing must not jump there by itself.
    heading.current?.focus({ preventScroll: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname])
  return (
    <main ref={main} className={styles.page}>
      <header className={styles.header}>
        {backTo !== undefined && (
          <Link to={backTo} className={styles.back} aria-label="Voltar">
            <BackIcon aria-hidden="true" />
          </Link>
        )}
        <h1 ref={heading} className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        {actions}
      </header>
      <SnackbarOutlet />
      {children}
    </main>
  )
}

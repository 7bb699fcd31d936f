import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import styles from './page.module.css'

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
  useEffect(() => {
    document.title = `${title} · Avaliador`
  }, [title])
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        {backTo !== undefined && (
          <Link to={backTo} className={styles.back} aria-label="Voltar">
            <span aria-hidden="true">←</span>
          </Link>
        )}
        <h1 className={styles.title}>{title}</h1>
        {actions}
      </header>
      {children}
    </main>
  )
}

import type { ReactNode } from 'react'
import styles from './notice.module.css'

export type NoticeProps = {
  tone?: 'info' | 'error' | 'success' | 'warning'
  title?: string
  children?: ReactNode
  action?: ReactNode
}

/** An inline message; errors are announced (role=alert), the rest politely (role=status). */
export function Notice({ tone = 'info', title, children, action }: NoticeProps) {
  return (
    <div
      className={`${styles.notice} ${styles[tone]}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {title && <p className={styles.title}>{title}</p>}
      {children && <div className={styles.body}>{children}</div>}
      {action}
    </div>
  )
}

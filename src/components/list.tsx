import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import styles from './list.module.css'
import { ChevronIcon } from './icons'

export function List({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  )
}

export type ListItemProps = {
  title: ReactNode
  subtitle?: ReactNode
  leading?: ReactNode
  trailing?: ReactNode
  /** A link row when set. */
  to?: string
  onClick?: () => void
}

/** One row: a link, a button, or plain content, with a title, a subtitle and trailing info. */
export function ListItem({ title, subtitle, leading, trailing, to, onClick }: ListItemProps) {
  // The text and the trailing info may wrap (with large text the trailing info goes below);
  // the chevron stays beside them at the row's end.
  const content = (
    <>
      {leading}
      <span className={styles.body}>
        <span className={styles.main}>
          <span className={styles.title}>{title}</span>
          {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
        </span>
        {trailing && <span className={styles.trailing}>{trailing}</span>}
      </span>
      {(to || onClick) && <ChevronIcon className={styles.chevron} aria-hidden="true" />}
    </>
  )
  return (
    <li className={styles.item}>
      {to ? (
        <Link to={to} className={styles.row}>
          {content}
        </Link>
      ) : onClick ? (
        <button type="button" className={styles.row} onClick={onClick}>
          {content}
        </button>
      ) : (
        <div className={styles.row}>{content}</div>
      )}
    </li>
  )
}

import type { ButtonHTMLAttributes } from 'react'
import { Link, type LinkProps } from 'react-router-dom'
import styles from './button.module.css'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger'

function classes(variant: Variant, block: boolean, extra?: string) {
  return [styles.button, styles[variant], block ? styles.block : '', extra ?? '']
    .filter(Boolean)
    .join(' ')
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant
  block?: boolean
  /** Shows a spinner and keeps the button's name; the button stays focusable but inert. */
  busy?: boolean
}

export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={classes(variant, block, className)}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={busy ? (e) => e.preventDefault() : onClick}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      <span className={styles.label}>{children}</span>
    </button>
  )
}

export function ButtonLink({
  variant = 'primary',
  block = false,
  className,
  children,
  ...rest
}: LinkProps & { variant?: Variant; block?: boolean }) {
  return (
    <Link {...rest} className={classes(variant, block, className)}>
      <span className={styles.label}>{children}</span>
    </Link>
  )
}

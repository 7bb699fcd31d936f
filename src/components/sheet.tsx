import { useEffect, useId, useRef, type ReactNode } from 'react'
import styles from './sheet.module.css'
import { CloseIcon } from './icons'

export type SheetProps = {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
}

/**
 * A modal sheet on the native <dialog>: focus moves in and is trapped, Esc closes, focus
 * returns to the opener. A bottom sheet on phones, a centred dialog on wider screens.
 */
export function Sheet({ open, title, onClose, children }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal?.()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className={styles.sheet}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
    >
      {open && (
        <div className={styles.inner}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label="Fechar" onClick={onClose}>
              <CloseIcon aria-hidden="true" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}

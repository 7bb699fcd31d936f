import styles from './preview-banner.module.css'

/** Always visible in the demo, so nobody mistakes it for real data; opens the panel. */
export function PreviewBanner({
  seed,
  scenario,
  onOpenPanel,
}: {
  seed: number
  scenario: string
  onOpenPanel: () => void
}) {
  return (
    <div className={styles.banner} role="region" aria-label="Modo demonstração">
      <span>
        Modo demonstração{' '}
        <span className={styles.meta}>
          · {scenario} · semente {seed}
        </span>
      </span>
      <button type="button" className={styles.button} onClick={onOpenPanel}>
        Painel
      </button>
    </div>
  )
}

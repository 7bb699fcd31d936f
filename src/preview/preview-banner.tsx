import styles from './preview-banner.module.css'

/** Always visible in the demo, so nobody mistakes it for real data. */
export function PreviewBanner({ seed, scenario }: { seed: number; scenario: string }) {
  return (
    <div className={styles.banner} role="region" aria-label="Modo demonstração">
      <span>Modo demonstração</span>
      <span className={styles.meta}>
        cenário {scenario} · semente {seed}
      </span>
    </div>
  )
}

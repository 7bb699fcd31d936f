import { useScreenRoom } from '@/components/screen-room'
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
  // The bar over every screen's top: focus stops below it, the visit's header sticks under it.
  const room = useScreenRoom<HTMLDivElement>('top', { bar: true })
  return (
    <div ref={room} className={styles.banner} role="region" aria-label="Modo demonstração">
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

/**
 * Placeholder blocks while something loads. Styled by classes only: the prerendered shells
 * carry it as HTML, where the Content-Security-Policy refuses style="" attributes.
 */
import styles from './skeleton.module.css'

/** The heights a skeleton block comes in (CSS classes: prerendered HTML has no inline styles). */
export type SkeletonHeight = 48 | 56 | 64 | 72 | 88 | 96 | 112 | 132

/** Placeholder blocks while a list loads; announced once as "Carregando…". */
export function Skeleton({
  count = 3,
  height = 72,
  label = 'Carregando…',
}: {
  count?: number
  height?: SkeletonHeight
  label?: string
}) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className={styles.skeletons}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`${styles.skeleton} ${styles[`h${height}`]}`} />
      ))}
    </div>
  )
}

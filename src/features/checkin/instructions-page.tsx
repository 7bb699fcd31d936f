/** `instructions`: the mission's briefing and scenario, and what the visit must record. */
import { Page } from '@/components/page'
import { missionRequirementLines, visitDurationLine } from '@/domain/mission-requirements'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit } from './checkin-context'
import styles from './checkin.module.css'

function Paragraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  return (
    <div className={styles.paragraphs}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  )
}

export function InstructionsPage() {
  const { mission } = useCheckinVisit()
  return (
    <Page title={copy.instructionsTitle}>
      <section className={styles.card} aria-labelledby="mission-briefing">
        <h2 id="mission-briefing" className={styles.cardTitle}>
          {copy.briefing}
        </h2>
        <Paragraphs text={mission.briefing} />
      </section>
      <section className={styles.card} aria-labelledby="mission-scenario">
        <h2 id="mission-scenario" className={styles.cardTitle}>
          {copy.scenario}
        </h2>
        <Paragraphs text={mission.scenario} />
      </section>
      <section className={styles.card} aria-labelledby="mission-requirements">
        <h2 id="mission-requirements" className={styles.cardTitle}>
          {copy.requirements}
        </h2>
        <ul className={styles.bullets}>
          {missionRequirementLines(mission.requirements).map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>{visitDurationLine(mission.visitMaxMinutes)}</li>
        </ul>
      </section>
    </Page>
  )
}

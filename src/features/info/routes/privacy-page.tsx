import { Page } from '@/components/page'
import { privacyCopy as copy } from '../copy'
import styles from './info.module.css'

export function PrivacyPage() {
  return (
    <Page title={copy.title} backTo="/help">
      <p className={styles.lead}>{copy.updated}</p>
      {copy.sections.map((section) => (
        <section key={section.title} className={styles.section}>
          <h2 className={styles.heading}>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <p className={styles.paragraph}>
        <a href={`mailto:${copy.dpoEmail}`}>
          {copy.dpoLabel}: {copy.dpoEmail}
        </a>
      </p>
    </Page>
  )
}

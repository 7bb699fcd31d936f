import { Link } from 'react-router-dom'
import { APP_VERSION } from '@/lib/runtime-config'
import { ButtonLink } from '@/components/button'
import { Page } from '@/components/page'
import {
  helpCopy as copy,
  SUPPORT_EMAIL,
  SUPPORT_WHATSAPP_LABEL,
  SUPPORT_WHATSAPP_URL,
} from '../copy'
import styles from './info.module.css'

export function HelpPage() {
  return (
    <Page title={copy.title}>
      <p className={styles.lead}>{copy.lead}</p>

      <section aria-labelledby="faq-title" className={styles.section}>
        <h2 id="faq-title" className={styles.heading}>
          {copy.faqTitle}
        </h2>
        <div className={styles.faqs}>
          {copy.faqs.map((faq) => (
            <details key={faq.question} className={styles.faq}>
              <summary className={styles.question}>{faq.question}</summary>
              <div className={styles.answer}>
                {faq.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="contact-title" className={styles.section}>
        <h2 id="contact-title" className={styles.heading}>
          {copy.contactTitle}
        </h2>
        <p className={styles.lead}>{copy.contactLead}</p>
        <ButtonLink to={SUPPORT_WHATSAPP_URL} target="_blank" rel="noopener noreferrer" block>
          {copy.whatsapp} ({SUPPORT_WHATSAPP_LABEL})
        </ButtonLink>
        <ButtonLink to={`mailto:${SUPPORT_EMAIL}`} variant="secondary" block>
          {copy.email} ({SUPPORT_EMAIL})
        </ButtonLink>
      </section>

      <section aria-labelledby="more-title" className={styles.section}>
        <h2 id="more-title" className={styles.heading}>
          {copy.moreTitle}
        </h2>
        <ul className={styles.links}>
          <li>
            <Link to="/tasks/policy">{copy.policyLink}</Link>
          </li>
          <li>
            <Link to="/tasks/permissions">{copy.deviceLink}</Link>
          </li>
          <li>
            <Link to="/account/terms">{copy.termsLink}</Link>
          </li>
          <li>
            <Link to="/about/privacy">{copy.privacyLink}</Link>
          </li>
        </ul>
      </section>

      <p className={styles.version}>{copy.version(APP_VERSION)}</p>
    </Page>
  )
}

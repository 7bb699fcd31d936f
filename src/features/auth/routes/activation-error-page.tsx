import { useSearchParams } from 'react-router-dom'
import { ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import styles from './auth.module.css'
import { authCopy } from '../copy'

const SUPPORT_WHATSAPP_URL = 'https://wa.me/5511900000000'

const copy = authCopy.activationError

type Reason = keyof typeof copy.reasons

function reasonOf(value: string | null): Reason {
  if (value === 'activation_invalid' || value === 'not_found' || value === 'validation_failed')
    return 'activation_invalid'
  if (value === 'activation_expired') return 'activation_expired'
  return 'unknown'
}

/** Why the invitation link did not work, and the ways forward. */
export function ActivationErrorPage() {
  const [params] = useSearchParams()
  const reason = copy.reasons[reasonOf(params.get('reason'))]
  return (
    <Page title={copy.title}>
      <Notice tone="error" title={reason.title}>
        {reason.body}
      </Notice>
      <section className={styles.form} aria-labelledby="activation-help">
        <h2 id="activation-help">{copy.helpTitle}</h2>
        <p className={styles.lead}>{copy.helpBody}</p>
        <div className={styles.actions}>
          <ButtonLink to="/login" block>
            {copy.login}
          </ButtonLink>
          <ButtonLink
            to={SUPPORT_WHATSAPP_URL}
            target="_blank"
            rel="noopener noreferrer"
            variant="secondary"
            block
          >
            {copy.whatsapp}
          </ButtonLink>
          <ButtonLink to="/help" variant="ghost" block>
            {copy.help}
          </ButtonLink>
        </div>
      </section>
    </Page>
  )
}

import { useState } from 'react'
import { Button } from '@/components/button'
import { Page } from '@/components/page'
import { technicalDetails } from './error-page'
import styles from './error-page.module.css'

/** The app could not start (its first `me` failed for a reason other than the session). */
export function InitFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const [copied, setCopied] = useState(false)
  const details = technicalDetails(error, window.location.pathname)
  return (
    <Page title="Não foi possível iniciar">
      <p>O aplicativo não conseguiu carregar seus dados. Verifique a conexão e tente de novo.</p>
      <Button block onClick={onRetry}>
        Tentar de novo
      </Button>
      <details className={styles.details}>
        <summary>Detalhes técnicos</summary>
        <pre className={styles.pre}>{details}</pre>
        <Button
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(details).then(() => setCopied(true))}
        >
          {copied ? 'Copiado' : 'Copiar detalhes'}
        </Button>
      </details>
    </Page>
  )
}

import { useState } from 'react'
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom'
import { isApiError } from '@/api/api-error'
import { Button } from '@/components/button'
import { Page } from '@/components/page'
import { redactSecrets } from '@/lib/redact-secrets'
import { sessionToken } from '@/lib/session'
import { APP_VERSION } from '@/lib/runtime-config'
import styles from './error-page.module.css'

/**
 * What support needs to know, without anything secret: no request bodies, and the session
 * token or anything shaped like a credential redacted (the text is shown and copied).
 */
export function technicalDetails(error: unknown, route: string, now = new Date()): string {
  const lines: string[] = []
  if (isRouteErrorResponse(error)) lines.push(`Erro: ${error.status} ${error.statusText}`)
  else if (error instanceof Error) {
    lines.push(`Erro: ${error.name}`, `Mensagem: ${error.message}`)
    if (isApiError(error))
      lines.push(
        `Requisição: ${error.method} ${error.path} → ${error.status} (${error.code})`,
        `ID da requisição: ${error.requestId ?? '—'}`,
      )
    if (error.stack) lines.push(`Pilha:\n${error.stack}`)
  } else lines.push(`Erro: ${String(error)}`)
  lines.push(`Rota: ${route}`, `Versão: ${APP_VERSION}`, `Hora: ${now.toISOString()}`)
  return redactSecrets(lines.join('\n'), [sessionToken()])
}

export function ErrorPage() {
  const error = useRouteError()
  const location = useLocation()
  const [copied, setCopied] = useState(false)
  const details = technicalDetails(error, location.pathname)
  return (
    <Page title="Algo deu errado">
      <p>
        Não conseguimos mostrar esta tela. Tente de novo; se continuar, fale com o suporte e envie
        os detalhes abaixo.
      </p>
      <Button block onClick={() => window.location.reload()}>
        Tentar de novo
      </Button>
      <details className={styles.details}>
        <summary>Detalhes técnicos</summary>
        <pre className={styles.pre}>{details}</pre>
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(details).then(() => setCopied(true))
          }}
        >
          {copied ? 'Copiado' : 'Copiar detalhes'}
        </Button>
      </details>
    </Page>
  )
}

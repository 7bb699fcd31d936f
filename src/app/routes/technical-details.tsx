/** What support needs to know about an error, and a way to copy it (the error pages). */
import { useRef, useState } from 'react'
import { isRouteErrorResponse } from 'react-router-dom'
import { isApiError } from '@/api/api-error'
import { Button } from '@/components/button'
import { redactSecrets } from '@/lib/redact-secrets'
import { sessionToken } from '@/lib/session'
import { APP_VERSION } from '@/lib/runtime-config'
import styles from './error-page.module.css'
import { appDate } from '@/lib/clock'

/**
 * What support needs to know, without anything secret: no request bodies, and the session
 * token or anything shaped like a credential redacted (the text is shown and copied).
 */
export function technicalDetails(error: unknown, route: string, now = appDate()): string {
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

/**
 * The details for support, and a button that copies them. Where the phone refuses the
 * clipboard (no permission, an old browser, a page not served over HTTPS), the text is
 * selected instead, for the agent to copy from the phone's own menu, and they are told so.
 */
export function TechnicalDetails({ details }: { details: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'refused'>('idle')
  const text = useRef<HTMLPreElement>(null)
  const selectText = () => {
    const selection = window.getSelection()
    if (!text.current || !selection) return
    const range = document.createRange()
    range.selectNodeContents(text.current)
    selection.removeAllRanges()
    selection.addRange(range)
  }
  const copyDetails = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(details)
      setCopy('copied')
    } catch {
      setCopy('refused')
      selectText()
    }
  }
  return (
    <details className={styles.details}>
      <summary>Detalhes técnicos</summary>
      <pre ref={text} className={styles.pre}>
        {details}
      </pre>
      <Button variant="secondary" onClick={() => void copyDetails()}>
        {copy === 'copied' ? 'Copiado' : 'Copiar detalhes'}
      </Button>
      <p role="status" className={styles.status}>
        {copy === 'refused'
          ? 'O celular não deixou copiar. O texto acima ficou selecionado: copie pelo menu do celular.'
          : ''}
      </p>
    </details>
  )
}

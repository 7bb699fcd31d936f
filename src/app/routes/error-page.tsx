import { useCallback, useEffect, useRef, useState } from 'react'
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom'
import { isApiError } from '@/api/api-error'
import { Button } from '@/components/button'
import { Page } from '@/components/page'
import { confirmReachability } from '@/lib/connectivity'
import { storageKey } from '@/lib/storage-keys'
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

/**
 * A screen whose code or styles could not be fetched: Chromium "Failed to fetch dynamically
 * imported module", Firefox "error loading dynamically imported module", Safari "Importing a
 * module script failed", Vite's "Unable to preload CSS".
 */
export function isMissingCode(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk/i.test(
      error.message,
    )
  )
}

export function ErrorPage() {
  const error = useRouteError()
  if (isMissingCode(error)) return <MissingCodePage error={error} />
  return <ScreenFailed error={error} />
}

function ScreenFailed({ error }: { error: unknown }) {
  const location = useLocation()
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
      <TechnicalDetails details={details} />
    </Page>
  )
}

/** How often the missing-code page asks whether the server can be reached again (ms). */
const RECHECK_MS = 3_000

/**
 * A screen whose code could not be fetched. With no connection — the first minutes after the
 * first visit, before the service worker holds every screen — it says so plainly, and the page
 * reloads by itself once the server answers again: never a reload with no connection, which
 * would show the browser's own error page. Online (a new version replaced the files), it
 * reloads once for this screen; if the code is still missing after that, it is an error.
 */
function MissingCodePage({ error }: { error: unknown }) {
  const location = useLocation()
  const [state, setState] = useState<'checking' | 'offline' | 'broken'>('checking')
  const [checking, setChecking] = useState(false)
  // Reachable: reload once for this screen ('reloading'), or it is broken; else 'offline'.
  const reloadIfReachable = useCallback(async (): Promise<'reloading' | 'broken' | 'offline'> => {
    if (!(await confirmReachability())) return 'offline'
    const key = storageKey.missingCodeReload()
    if (sessionStorage.getItem(key) === location.pathname) {
      sessionStorage.removeItem(key)
      return 'broken'
    }
    sessionStorage.setItem(key, location.pathname)
    window.location.reload()
    return 'reloading'
  }, [location.pathname])
  const settle = (outcome: 'reloading' | 'broken' | 'offline') => {
    if (outcome !== 'reloading') setState(outcome)
  }
  const check = async () => {
    setChecking(true)
    try {
      settle(await reloadIfReachable())
    } finally {
      setChecking(false)
    }
  }
  useEffect(() => {
    void reloadIfReachable().then((outcome) => {
      if (outcome !== 'reloading') setState(outcome)
    })
  }, [reloadIfReachable])
  const offline = state === 'offline'
  useEffect(() => {
    if (!offline) return
    const again = () =>
      void reloadIfReachable().then((outcome) => {
        if (outcome === 'broken') setState(outcome)
      })
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') again()
    }, RECHECK_MS)
    window.addEventListener('online', again)
    return () => {
      clearInterval(timer)
      window.removeEventListener('online', again)
    }
  }, [offline, reloadIfReachable])
  if (state === 'broken') return <ScreenFailed error={error} />
  return (
    <Page title="Sem internet — esta tela ainda não foi baixada">
      <p>
        Esta tela precisa da internet uma vez para chegar ao celular. Assim que a conexão voltar,
        ela abre sozinha. O que você já fez continua guardado neste aparelho.
      </p>
      <Button block busy={checking} onClick={() => void check()}>
        Tentar de novo
      </Button>
      <p role="status" className={styles.status}>
        {offline && !checking ? 'Ainda sem conexão. Tentamos de novo sozinhos em instantes.' : ''}
      </p>
    </Page>
  )
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

import { useCallback, useEffect, useState } from 'react'
import { useLocation, useRouteError } from 'react-router-dom'
import { Button } from '@/components/button'
import { Page } from '@/components/page'
import { confirmReachability } from '@/lib/connectivity'
import { storageKey } from '@/lib/storage-keys'
import styles from './error-page.module.css'
import type * as DetailsModule from './technical-details'

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
  return (
    <Page title="Algo deu errado">
      <p>
        Não conseguimos mostrar esta tela. Tente de novo; se continuar, fale com o suporte e envie
        os detalhes abaixo.
      </p>
      <Button block onClick={() => window.location.reload()}>
        Tentar de novo
      </Button>
      <LazyTechnicalDetails error={error} />
    </Page>
  )
}

/**
 * The details for support come with their own code (every phone loads this page's at start,
 * few ever see it): the message and the retry above never wait for them, and if their code
 * cannot be fetched the page goes without them.
 */
function LazyTechnicalDetails({ error }: { error: unknown }) {
  const location = useLocation()
  const [loaded, setLoaded] = useState<typeof DetailsModule>()
  useEffect(() => {
    void import('./technical-details').then(setLoaded, () => {})
  }, [])
  return loaded ? (
    <loaded.TechnicalDetails details={loaded.technicalDetails(error, location.pathname)} />
  ) : null
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

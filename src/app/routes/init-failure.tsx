import { Button } from '@/components/button'
import { Page } from '@/components/page'
import { TechnicalDetails, technicalDetails } from './technical-details'

/** The app could not start (its first `me` failed for a reason other than the session). */
export function InitFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const details = technicalDetails(error, window.location.pathname)
  return (
    <Page title="Não foi possível iniciar">
      <p>O aplicativo não conseguiu carregar seus dados. Verifique a conexão e tente de novo.</p>
      <Button block onClick={onRetry}>
        Tentar de novo
      </Button>
      <TechnicalDetails details={details} />
    </Page>
  )
}

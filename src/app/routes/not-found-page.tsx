import { ButtonLink } from '@/components/button'
import { Page } from '@/components/page'

export function NotFoundPage() {
  return (
    <Page title="Página não encontrada">
      <p>O endereço que você abriu não existe ou mudou de lugar.</p>
      <ButtonLink to="/" block>
        Ir para o início
      </ButtonLink>
    </Page>
  )
}

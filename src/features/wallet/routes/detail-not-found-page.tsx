import { ButtonLink } from '@/components/button'
import { Page } from '@/components/page'
import { walletCopy as copy } from '../copy'

export function DetailNotFoundPage() {
  return (
    <Page title={copy.detailNotFound} backTo="/account/wallet">
      <p>{copy.detailNotFoundBody}</p>
      <ButtonLink to="/account/wallet" block>
        {copy.backToWallet}
      </ButtonLink>
    </Page>
  )
}

import { useSearchParams } from 'react-router-dom'
import { ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import styles from './auth.module.css'

const SUPPORT_WHATSAPP_URL = 'https://wa.me/5511900000000'

const copy = {
  title: 'Não foi possível ativar sua conta',
  reasons: {
    activation_invalid: {
      title: 'Link de ativação inválido',
      body: 'Este link não é válido ou já foi usado. Confira se abriu o link completo da mensagem de convite. Se você já ativou sua conta, é só entrar com seu celular.',
    },
    activation_expired: {
      title: 'Link de ativação expirado',
      body: 'Os convites valem por 7 dias e este já venceu. Fale com o suporte para receber um novo link de ativação.',
    },
    unknown: {
      title: 'Algo deu errado na ativação',
      body: 'Não conseguimos ativar sua conta com este link. Tente abrir o link de novo; se continuar, fale com o suporte.',
    },
  },
  helpTitle: 'Como conseguir ajuda',
  helpBody:
    'O suporte atende de segunda a sábado, das 8h às 20h. Tenha em mãos o celular cadastrado no convite.',
  whatsapp: 'Falar com o suporte pelo WhatsApp',
  help: 'Ver perguntas frequentes',
  login: 'Entrar com celular',
} as const

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

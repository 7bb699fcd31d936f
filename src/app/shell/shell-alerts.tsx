import { Link } from 'react-router-dom'
import type { Agent } from '@/api/entities'
import styles from './shell-alerts.module.css'

/** The alerts above every signed-in screen: availability off, a new bulletin, open pendencies. */
export function ShellAlerts({ agent }: { agent: Agent }) {
  const alerts: Array<{
    key: string
    tone: 'warning' | 'info' | 'danger'
    text: string
    to: string
    action: string
  }> = []
  if (agent.counts.openPendencies > 0)
    alerts.push({
      key: 'validations',
      tone: 'danger',
      text:
        agent.counts.openPendencies === 1
          ? 'Há 1 pendência de validação para responder.'
          : `Há ${agent.counts.openPendencies} pendências de validação para responder.`,
      to: '/tasks/validations',
      action: 'Responder',
    })
  if (!agent.available)
    alerts.push({
      key: 'availability',
      tone: 'warning',
      text: 'Você está indisponível e não recebe novas oportunidades.',
      to: '/account',
      action: 'Ficar disponível',
    })
  if (agent.counts.unreadBulletins > 0)
    alerts.push({
      key: 'bulletin',
      tone: 'info',
      text:
        agent.counts.unreadBulletins === 1
          ? 'Há um novo comunicado.'
          : `Há ${agent.counts.unreadBulletins} novos comunicados.`,
      to: '/notes',
      action: 'Ler',
    })
  if (alerts.length === 0) return null
  return (
    <section className={styles.alerts} aria-label="Avisos">
      {alerts.map((a) => (
        <p key={a.key} className={`${styles.alert} ${styles[a.tone]}`}>
          <span className={styles.text}>{a.text}</span>
          <Link to={a.to} className={styles.action}>
            {a.action}
          </Link>
        </p>
      ))}
    </section>
  )
}

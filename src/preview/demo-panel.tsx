/**
 * The presenter's panel: act as the validator, send offers and messages, move the device,
 * cut the connection, move the clock, switch scenario, reset or leave. Every action is
 * applied to the in-browser fake backend and the app's data is refreshed at once.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { ReportSection, Task } from '@/api/entities'
import { reportSectionValues } from '@/api/schema.gen'
import { Button } from '@/components/button'
import { SelectField, TextAreaField } from '@/components/form-fields'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { Switch } from '@/components/status'
import { distanceMeters, formatDistance } from '@/domain/geo'
import { setClockOffset } from '@/lib/clock'
import { formatDateTime } from '@/lib/format'
import type { FakeBackend } from '../../mocks/fake-backend'
import { sendBulletin, sendNotification, sendOpportunity } from '../../mocks/demo-actions'
import { advanceClock } from '../../mocks/notify'
import {
  approveReport,
  completeAward,
  contestReport,
  rejectAward,
  rejectReport,
} from '../../mocks/handlers/revisions'
import { DEMO_AGENT_ID, SCENARIOS, scenarioLabel, type ScenarioName } from '../../mocks/seed/seed'
import {
  demoPosition,
  isDemoOffline,
  northOf,
  setDemoOffline,
  setDemoPosition,
} from './demo-device'
import { partTitle } from '@/features/report/parts/parts'
import styles from './demo-panel.module.css'
import { showDemoNotification } from './demo-notification'

type Props = {
  backend: FakeBackend
  open: boolean
  onClose: () => void
  /** After a change: refresh the app and keep the demo database. */
  onChanged: () => void
  onReset: () => void
  onLeave: () => void
  onSwitch: (world: { seed: number; scenario: ScenarioName }) => void
}

/** Where the agent checked in from, as the validator weighs it: the distance and the GPS accuracy. */
export function checkinSummary(task: Task): string {
  const checkin = task.steps.checkin
  if (!checkin) return 'Sem check-in registrado.'
  const distance = formatDistance(distanceMeters(checkin, task.location))
  return `Check-in a ${distance} do local, com precisão de ±${formatDistance(checkin.accuracy)}${checkin.offline ? ' (feito sem conexão)' : ''}.`
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  )
}

export function DemoPanel({
  backend,
  open,
  onClose,
  onChanged,
  onReset,
  onLeave,
  onSwitch,
}: Props) {
  const queryClient = useQueryClient()
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [, setTick] = useState(0)
  const ctx = backend.context

  async function act(label: string, action: () => Promise<unknown> | unknown) {
    try {
      await action()
      setResult({ tone: 'success', text: label })
      onChanged()
      await queryClient.invalidateQueries()
    } catch (error) {
      setResult({ tone: 'error', text: error instanceof Error ? error.message : String(error) })
    }
    setTick((t) => t + 1)
  }

  const myTasks = backend.db.tasks.findMany((q) => q.where({ agentId: DEMO_AGENT_ID }))
  // Nominations in analysis (their report was approved): the validator grants them or not.
  const inAnalysis = backend.db.awards
    .findMany((q) => q.where({ status: 'pending' }))
    .flatMap((award) => {
      const task = myTasks.find((t) => t.id === award.taskId)
      if (!task) return []
      const title =
        backend.db.missions
          .findFirst((q) => q.where({ id: task.missionId }))
          ?.awards.find((a) => a.code === award.code)?.title ?? award.code
      return [{ award, task, title }]
    })
  const validating = myTasks.filter((t) => t.status.code === 'validating')
  const started = myTasks.filter((t) => t.status.code === 'started')
  const [taskId, setTaskId] = useState('')
  const target = validating.find((t) => t.id === taskId) ?? validating[0]
  const [reason, setReason] = useState('As fotos não mostram a loja avaliada.')
  const [pendencies, setPendencies] = useState<Array<{ section: ReportSection; message: string }>>([
    { section: 'evidences', message: 'A foto da fachada está desfocada. Envie outra ou explique.' },
  ])
  const [placeTaskId, setPlaceTaskId] = useState('')
  const placeTask = started.find((t) => t.id === placeTaskId) ?? started[0]
  const position = demoPosition()
  const [seed, setSeed] = useState(String(backend.seed))
  const [scenario, setScenario] = useState<ScenarioName>(backend.scenario)

  function advance(ms: number, label: string) {
    return act(label, async () => {
      await advanceClock(ctx, ms)
      setClockOffset(backend.clock.offsetMs())
    })
  }

  function submitContest(event: FormEvent) {
    event.preventDefault()
    if (!target) return
    void act(`Pendências enviadas para ${target.slug}`, () =>
      contestReport(
        ctx,
        target.id,
        pendencies.filter((p) => p.message.trim()),
      ),
    )
  }

  return (
    <Sheet open={open} title="Painel da demonstração" onClose={onClose}>
      <div className={styles.panel}>
        {result && <Notice tone={result.tone}>{result.text}</Notice>}

        <Section title="Validador">
          {inAnalysis.length > 0 && (
            <ul className={styles.nominations} aria-label="Indicações a prêmios em análise">
              {inAnalysis.map(({ award, task, title }) => (
                <li key={award.id} className={styles.pendency}>
                  <p>
                    <strong>{title}</strong> — {award.attendantName} ({task.slug})
                  </p>
                  <div className={styles.row}>
                    <Button
                      variant="secondary"
                      onClick={() =>
                        void act(`Prêmio concedido a ${award.attendantName}`, () =>
                          completeAward(ctx, award.id),
                        )
                      }
                    >
                      Conceder
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() =>
                        void act(`Prêmio não concedido a ${award.attendantName}`, () =>
                          rejectAward(ctx, award.id),
                        )
                      }
                    >
                      Não conceder
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {validating.length === 0 ? (
            <p className={styles.muted}>
              Nenhum relatório em validação agora. Envie um relatório no app para validá-lo aqui.
            </p>
          ) : (
            <>
              <SelectField
                label="Relatório"
                value={target?.id ?? ''}
                onChange={(e) => setTaskId(e.target.value)}
              >
                {validating.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.slug} — {t.title}
                  </option>
                ))}
              </SelectField>
              {target && <p className={styles.muted}>{checkinSummary(target)}</p>}
              <div className={styles.row}>
                <Button
                  onClick={() =>
                    target &&
                    void act(`${target.slug} aprovada`, () => approveReport(ctx, target.id))
                  }
                >
                  Aprovar
                </Button>
              </div>
              <form onSubmit={submitContest} className={styles.form}>
                {pendencies.map((p, i) => (
                  <div key={i} className={styles.pendency}>
                    <SelectField
                      label={`Seção da pendência ${i + 1}`}
                      value={p.section}
                      onChange={(e) =>
                        setPendencies(
                          pendencies.map((x, j) =>
                            j === i ? { ...x, section: e.target.value as ReportSection } : x,
                          ),
                        )
                      }
                    >
                      {reportSectionValues.map((s) => (
                        <option key={s} value={s}>
                          {partTitle(s)}
                        </option>
                      ))}
                    </SelectField>
                    <TextAreaField
                      label={`Mensagem da pendência ${i + 1}`}
                      rows={4}
                      value={p.message}
                      onChange={(e) =>
                        setPendencies(
                          pendencies.map((x, j) =>
                            j === i ? { ...x, message: e.target.value } : x,
                          ),
                        )
                      }
                    />
                  </div>
                ))}
                <div className={styles.row}>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      setPendencies([...pendencies, { section: 'times', message: '' }])
                    }
                  >
                    Adicionar pendência
                  </Button>
                  <Button type="submit" variant="secondary">
                    Enviar pendências
                  </Button>
                </div>
              </form>
              <TextAreaField
                label="Motivo da reprovação"
                rows={4}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Button
                variant="danger"
                onClick={() =>
                  target &&
                  void act(`${target.slug} reprovada`, () => rejectReport(ctx, target.id, reason))
                }
              >
                Reprovar
              </Button>
            </>
          )}
        </Section>

        <Section title="Mundo">
          <div className={styles.row}>
            <Button
              variant="secondary"
              onClick={() =>
                void act('Nova oportunidade enviada', async () => {
                  const { notification } = await sendOpportunity(ctx)
                  await showDemoNotification(notification)
                })
              }
            >
              Nova oportunidade
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                void act('Notificação enviada', async () => {
                  const notification = await sendNotification(ctx, {
                    kind: 'system',
                    title: 'Aviso da equipe',
                    body: 'Confira as novas regras de fotos no Ajuda.',
                    link: '/help',
                  })
                  await showDemoNotification(notification)
                })
              }
            >
              Nova notificação
            </Button>
            <Button
              variant="secondary"
              onClick={() =>
                void act('Comunicado enviado', () =>
                  sendBulletin(ctx, {
                    title: 'Campanha de fim de ano',
                    body: 'Visitas em shoppings pagam 20% a mais até 31/12.',
                  }),
                )
              }
            >
              Novo comunicado
            </Button>
          </div>
        </Section>

        <Section title="Aparelho">
          {started.length > 0 && (
            <SelectField
              label="Local de referência"
              value={placeTask?.id ?? ''}
              onChange={(e) => setPlaceTaskId(e.target.value)}
            >
              {started.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.slug} — {t.location.name}
                </option>
              ))}
            </SelectField>
          )}
          <p className={styles.muted}>
            Posição: {position ? position.label : 'GPS real do aparelho'}
          </p>
          <div className={styles.row}>
            {placeTask && (
              <>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void act('Aparelho no local', () =>
                      setDemoPosition({
                        ...northOf(placeTask.location, 5),
                        accuracy: 12,
                        label: `no local de ${placeTask.slug}`,
                      }),
                    )
                  }
                >
                  No local
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void act('Aparelho perto do local', () =>
                      setDemoPosition({
                        ...northOf(placeTask.location, 250),
                        accuracy: 40,
                        label: `a 250 m de ${placeTask.slug} (±40 m)`,
                      }),
                    )
                  }
                >
                  Perto
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void act('Aparelho longe do local', () =>
                      setDemoPosition({
                        ...northOf(placeTask.location, 2500),
                        accuracy: 15,
                        label: `a 2,5 km de ${placeTask.slug}`,
                      }),
                    )
                  }
                >
                  Longe
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void act('Aparelho com sinal de GPS fraco', () =>
                      setDemoPosition({
                        ...northOf(placeTask.location, 2500),
                        accuracy: 3000,
                        label: `a 2,5 km de ${placeTask.slug}, sinal fraco (±3 km)`,
                      }),
                    )
                  }
                >
                  Sinal fraco
                </Button>
              </>
            )}
            <Button
              variant="ghost"
              onClick={() => void act('GPS real', () => setDemoPosition(null))}
            >
              GPS real
            </Button>
          </div>
          <Switch
            label="Sem conexão"
            description="O app passa a funcionar offline até você religar."
            checked={isDemoOffline()}
            onChange={(offline) =>
              void act(offline ? 'Conexão desligada' : 'Conexão religada', () =>
                setDemoOffline(offline),
              )
            }
          />
        </Section>

        <Section title="Relógio">
          <p className={styles.muted}>
            Agora na demonstração: {formatDateTime(new Date(backend.clock.now()).toISOString())}
          </p>
          <div className={styles.row}>
            <Button
              variant="secondary"
              onClick={() => void advance(15 * 60_000, 'Relógio +15 min')}
            >
              +15 min
            </Button>
            <Button variant="secondary" onClick={() => void advance(60 * 60_000, 'Relógio +1 h')}>
              +1 h
            </Button>
            <Button
              variant="secondary"
              onClick={() => void advance(24 * 60 * 60_000, 'Relógio +1 dia')}
            >
              +1 dia
            </Button>
            <Button
              variant="secondary"
              onClick={() => void advance(7 * 24 * 60 * 60_000, 'Relógio +7 dias')}
            >
              +7 dias
            </Button>
          </div>
        </Section>

        <Section title="Cenário">
          <SelectField
            label="Cenário"
            value={scenario}
            onChange={(e) => setScenario(e.target.value as ScenarioName)}
          >
            {SCENARIOS.map((s) => (
              <option key={s} value={s}>
                {scenarioLabel(s)}
              </option>
            ))}
          </SelectField>
          <label className={styles.inline}>
            Semente
            <input
              className={styles.seed}
              inputMode="numeric"
              value={seed}
              onChange={(e) => setSeed(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          <div className={styles.row}>
            <Button
              variant="secondary"
              onClick={() => onSwitch({ seed: Number(seed) || backend.seed, scenario })}
            >
              Trocar cenário
            </Button>
            <Button variant="secondary" onClick={onReset}>
              Reiniciar demonstração
            </Button>
            <Button variant="ghost" onClick={onLeave}>
              Sair da demonstração
            </Button>
          </div>
        </Section>
      </div>
    </Sheet>
  )
}

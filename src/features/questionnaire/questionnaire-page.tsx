/**
 * The questionnaire as a chat (docs/product/visit.md): the evaluator bot asks one question at a time, the
 * agent answers with chips, a field or a photo, and every answer is written to the device's
 * draft at once (the outbox sends it). The conversation is derived from the draft, so a
 * reload resumes where the agent stopped; any answer can be tapped to change it.
 */
import { Fragment, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useLocation, useParams, useSearchParams } from 'react-router-dom'
import type { AnswerValue, FormPage, Question } from '@/api/entities'
import { ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { visibleQuestions, answersById } from '@/domain/questionnaire'
import type { ReportDraft } from '@/lib/visit-store/db'
import { updateDraft } from '@/lib/visit-store/store'
import { formatTime } from '@/lib/format'
import { LOCAL_MEDIA_PREFIX } from '@/lib/visit-store/db'
import { ConflictSheet } from '@/features/visit/conflict-sheet'
import { draftScore } from '@/features/visit/draft-content'
import { ReportQueryState } from '@/features/visit/report-query-state'
import { useVisitReport, type VisitReport } from '@/features/visit/use-visit-report'
import { AnswerPhoto } from './answer-photo'
import { ChatComposer } from './chat-composer'
import { answeredSteps, applyAnswer, chatProgress, questionToAsk, type ChatStep } from './chat-flow'
import { FailedWrite } from '@/features/visit/outbox-status'
import { useOutboxItem } from '@/features/visit/use-outbox-item'
import { checkedOutAtOf } from '@/features/visit/checked-out'
import { useOutboxSummary } from '@/lib/visit-store/hooks'
import { useOnline } from '@/lib/use-online'
import { VisitStatusBar } from '@/features/visit/visit-status-bar'
import { answerCopy, answerText } from '@/features/report/parts/answers/answer-text'
import { questionnaireCopy as copy } from './questionnaire-copy'
import styles from './questionnaire.module.css'
import { appDate } from '@/lib/clock'
import { pathTo } from '@/lib/route-patterns'

/** How long the bot "types" before each new question. */
export const TYPING_MS = 600

export function QuestionnairePage() {
  const { slug = '' } = useParams()
  // The check-out button opens the chat right after the check-out, with its time.
  const checkedOutAt = checkedOutAtOf(useLocation().state)
  const { state, task } = useVisitReport(slug)
  const online = useOnline()
  const outbox = useOutboxSummary(task?.id)
  const backTo = task
    ? task.status.code === 'started'
      ? pathTo('/tasks/:slug/checkin', { slug })
      : pathTo('/tasks/:slug/report', { slug })
    : pathTo('/tasks/:slug', { slug })
  return (
    <div className={styles.screen}>
      <Page title={copy.title} backTo={backTo}>
        {checkedOutAt && <CheckoutNotice taskId={task?.id} at={checkedOutAt} />}
        {state.status === 'ready' ? (
          <Chat data={state.data} />
        ) : (
          <ReportQueryState
            query={state.status === 'error' ? state.query : undefined}
            loadingLabel={copy.loading}
            errorTitle={copy.loadError}
          />
        )}
      </Page>
      <VisitStatusBar online={online} outbox={outbox} taskId={task?.id} />
    </div>
  )
}

/**
 * Right after the check-out: "registrado" only once the server has it; until then it is kept
 * on the phone and on its way (a link that died unnoticed), and a refusal is shown as one.
 */
/** How long an online check-out may take to reach the server before the chat says it is kept. */
const CHECKOUT_CONFIRM_WAIT_MS = 1_500

function CheckoutNotice({ taskId, at }: { taskId: string | undefined; at: string }) {
  const checkout = useOutboxItem(taskId, (i) => i.kind === 'checkout')
  // An online check-out usually arrives in a moment: nothing is said until it has, or until it
  // plainly has not (then: kept on the phone, on its way) — no "kept" flashing before "registered".
  const [waited, setWaited] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), CHECKOUT_CONFIRM_WAIT_MS)
    return () => clearTimeout(timer)
  }, [])
  const time = formatTime(at)
  if (checkout.status === 'reading') return null
  // Not on the phone's outbox (any more): the server has it.
  if (checkout.status === 'sent' || checkout.status === 'none')
    return <Notice tone="success">{copy.checkedOut(time)}</Notice>
  if (!waited) return null
  return (
    <>
      <Notice tone="info">{copy.checkedOutKept(time)}</Notice>
      {checkout.status === 'failed' && <FailedWrite item={checkout.item} />}
    </>
  )
}

function Chat({ data }: { data: VisitReport }) {
  const { task, form, draft, editable, media } = data
  const [params, setParams] = useSearchParams()
  const [saved, setSaved] = useState<ReportDraft | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const reduced = usePrefersReducedMotion()

  // The answer just given shows at once, before the store is read again.
  const current =
    saved && saved.reportId === draft.reportId && saved.updatedAt > draft.updatedAt ? saved : draft
  const answers = current.answers
  const byId = answersById(answers)

  const editingId = editable ? params.get('q') : null
  const editing = editingId
    ? visibleQuestions(form, byId).find((s) => s.question.id === editingId)
    : undefined
  const asking: ChatStep | undefined = editable
    ? (editing ?? questionToAsk(form, answers))
    : undefined
  const transcript = answeredSteps(form, answers).filter(
    (s) => s.question.id !== editing?.question.id,
  )
  const done = editable && !asking
  const stepKey = asking
    ? `${editing ? 'edit' : 'ask'}:${asking.question.id}`
    : done
      ? 'done'
      : 'idle'

  // The bot "types" before each new bubble (not when motion is reduced).
  const [revealed, setRevealed] = useState<string | null>(null)
  useEffect(() => {
    if (reduced || revealed === stepKey) return
    const timer = setTimeout(() => setRevealed(stepKey), TYPING_MS)
    return () => clearTimeout(timer)
  }, [reduced, revealed, stepKey])
  const typing = editable && !reduced && revealed !== stepKey

  const progress = chatProgress(form, answers, asking?.page.id ?? transcript.at(-1)?.page.id)
  const pageLabel = copy.page(progress.pageNumber, progress.total, progress.title)

  const setEditing = (questionId: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        if (questionId) next.set('q', questionId)
        else next.delete('q')
        return next
      },
      { replace: true },
    )

  /** Resolves to true once the answer is in the device's draft. */
  async function answer(question: Question, value: AnswerValue): Promise<boolean> {
    setBusy(true)
    setError(undefined)
    try {
      const next = await updateDraft(draft.reportId, (d) => ({
        ...d,
        answers: applyAnswer(form, d.answers, question.id, value, appDate().toISOString()),
      }))
      setSaved(next)
      if (editingId) setEditing(null)
      return true
    } catch {
      setError(copy.saveError)
      return false
    } finally {
      setBusy(false)
    }
  }

  const pageDivider = (page: FormPage, previous: FormPage | undefined) => {
    if (previous?.id === page.id) return null
    const n = form.pages.findIndex((p) => p.id === page.id) + 1
    return (
      <p className={styles.pageDivider}>
        <span>{copy.page(n, form.pages.length, page.title)}</span>
      </p>
    )
  }

  return (
    <div className={styles.chat}>
      {!editable && (
        <Notice
          tone="info"
          action={
            task.status.code === 'started' ? (
              <ButtonLink to={pathTo('/tasks/:slug', { slug: task.slug })} variant="secondary">
                {copy.goToTask}
              </ButtonLink>
            ) : (
              <ButtonLink
                to={pathTo('/tasks/:slug/status', { slug: task.slug })}
                variant="secondary"
              >
                {copy.seeReport}
              </ButtonLink>
            )
          }
        >
          {task.status.code === 'started' ? copy.checkinFirst : copy.readOnly}
        </Notice>
      )}
      <div className={styles.progress}>
        <p className={styles.progressLabel}>{pageLabel}</p>
        <div
          role="progressbar"
          aria-label={copy.progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-valuetext={copy.progressText(pageLabel, progress.done, progress.count)}
          className={styles.bar}
        >
          <span className={styles.barFill} style={{ width: `${progress.percent}%` }} />
        </div>
      </div>

      <div role="log" aria-live="polite" aria-label={copy.conversation} className={styles.log}>
        <BotBubble>{copy.greeting(form.title)}</BotBubble>
        {transcript.map((step, i) => (
          <Fragment key={step.question.id}>
            {pageDivider(step.page, transcript[i - 1]?.page)}
            <BotBubble>{step.question.text}</BotBubble>
            <AgentBubble
              question={step.question}
              value={step.answer.value}
              media={media}
              onChange={editable && !busy ? () => setEditing(step.question.id) : undefined}
            />
          </Fragment>
        ))}
        {typing ? (
          <TypingIndicator />
        ) : asking ? (
          <>
            {!editing && pageDivider(asking.page, transcript.at(-1)?.page)}
            <BotBubble>
              {editing && byId.has(editing.question.id) && (
                <span className={styles.changing}>{copy.changing} </span>
              )}
              {asking.question.text}
              {!asking.question.required && (
                <span className={styles.optional}> ({copy.optional})</span>
              )}
            </BotBubble>
          </>
        ) : done ? (
          <BotBubble>{copy.done(draftScore(form, current))}</BotBubble>
        ) : null}
      </div>

      {error && <Notice tone="error">{error}</Notice>}
      {!typing && asking && (
        <section aria-label={copy.yourAnswer}>
          <ChatComposer
            key={stepKey}
            question={asking.question}
            value={editing ? byId.get(asking.question.id) : undefined}
            reportId={draft.reportId}
            taskId={task.id}
            busy={busy}
            onAnswer={(value) => answer(asking.question, value)}
            {...(editing ? { onCancel: () => setEditing(null) } : {})}
          />
        </section>
      )}
      {!typing && done && <ReviewButton slug={task.slug} />}
      <ConflictSheet data={data} />
    </div>
  )
}

function ReviewButton({ slug }: { slug: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => ref.current?.querySelector('a')?.focus(), [])
  return (
    <div ref={ref}>
      <ButtonLink to={pathTo('/tasks/:slug/report', { slug })} block>
        {copy.review}
      </ButtonLink>
    </div>
  )
}

function BotBubble({ children }: { children: ReactNode }) {
  return (
    <div className={styles.botRow}>
      <span className={styles.avatar} aria-hidden="true">
        A
      </span>
      <p className={styles.botBubble}>
        <span className="visually-hidden">{copy.botName}: </span>
        {children}
      </p>
    </div>
  )
}

function AgentBubble({
  question,
  value,
  media,
  onChange,
}: {
  question: Question
  value: AnswerValue
  media: VisitReport['media']
  onChange: (() => void) | undefined
}) {
  // A photo kept on the device may already be on the server (the draft still names it locally).
  const localPhoto =
    typeof value === 'string' && value.startsWith(LOCAL_MEDIA_PREFIX)
      ? media.find((m) => m.id === value.slice(LOCAL_MEDIA_PREFIX.length))
      : undefined
  const text = localPhoto?.state === 'sent' ? answerCopy.photoSent : answerText(question, value)
  const photo =
    question.kind === 'photo' && typeof value === 'string' && value !== '' ? (
      <AnswerPhoto value={value} media={media} alt={copy.photoAlt} />
    ) : null
  return (
    <div className={styles.agentRow}>
      {onChange ? (
        <button
          type="button"
          className={styles.agentBubble}
          aria-label={copy.changeAnswer(text, question.text)}
          onClick={onChange}
        >
          {photo}
          <span>{text}</span>
          <span className={styles.changeHint} aria-hidden="true">
            {copy.changeHint}
          </span>
        </button>
      ) : (
        <p className={styles.agentBubble}>
          <span className="visually-hidden">{copy.you}: </span>
          {photo}
          <span>{text}</span>
        </p>
      )}
    </div>
  )
}

function TypingIndicator() {
  return (
    <div className={styles.botRow} aria-hidden="true">
      <span className={styles.avatar}>A</span>
      <p className={`${styles.botBubble} ${styles.typing}`} title={copy.typing}>
        <span className={styles.dot} />
        <span className={styles.dot} />
        <span className={styles.dot} />
        <span className="visually-hidden">{copy.typing}</span>
      </p>
    </div>
  )
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query =
        typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null
      query?.addEventListener?.('change', onChange)
      return () => query?.removeEventListener?.('change', onChange)
    },
    () =>
      typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION).matches : false,
  )
}

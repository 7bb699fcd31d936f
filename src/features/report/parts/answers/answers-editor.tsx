/** The questionnaire's visible questions with the current answers; each opens the chat at that question. */
import type { Answer, EvaluationForm } from '@/api/entities'
import { ButtonLink } from '@/components/button'
import { List, ListItem } from '@/components/list'
import { Badge } from '@/components/status'
import { answersById, isAnswered, visibleQuestions } from '@/domain/questionnaire'
import { answerText } from './answer-text'
import type { PartVisit } from '../part'
import { answersCopy as copy } from './answers-copy'
import styles from '@/features/report/report.module.css'
import { pathTo } from '@/lib/route-patterns'

/** The answers as the submitted report lists them (with `slug`, each opens the chat). */
export function AnswersList({
  form,
  answers,
  slug,
}: {
  form: EvaluationForm
  answers: readonly Answer[]
  slug?: string
}) {
  const byId = answersById(answers)
  const visible = visibleQuestions(form, byId)
  return (
    <div className={styles.stack}>
      {form.pages.map((page, index) => {
        const questions = visible.filter((s) => s.page.id === page.id)
        if (questions.length === 0) return null
        return (
          <section key={page.id} className={styles.group} aria-labelledby={`page-${page.id}`}>
            <h2 id={`page-${page.id}`} className={styles.groupTitle}>
              {copy.pageHeading(index + 1, page.title)}
            </h2>
            <List>
              {questions.map(({ question }) => {
                const value = byId.get(question.id)
                const answered = isAnswered(value)
                return (
                  <ListItem
                    key={question.id}
                    title={question.text}
                    subtitle={answered ? answerText(question, value) : copy.noAnswer}
                    trailing={
                      !answered && question.required ? (
                        <Badge tone="warning">{copy.missing}</Badge>
                      ) : undefined
                    }
                    {...(slug
                      ? { to: pathTo('/tasks/:slug/form', { slug }, { q: question.id }) }
                      : {})}
                  />
                )
              })}
            </List>
          </section>
        )
      })}
    </div>
  )
}

/** The answers part: the questionnaire is answered in the chat; this lists it, each answer a link there. */
export function AnswersEditor({ visit }: { visit: PartVisit }) {
  const { form, draft, task } = visit
  if (!form) return null
  return (
    <div className={styles.stack}>
      <ButtonLink to={pathTo('/tasks/:slug/form', { slug: task.slug })} block>
        {copy.openChat}
      </ButtonLink>
      <AnswersList form={form} answers={draft.answers} slug={task.slug} />
    </div>
  )
}

/**
 * Each part's editor and read-only view, typed against every `ReportSection` like the
 * registry (`parts.ts`): a part without an editor does not compile. The report's section page
 * (`/tasks/:slug/report/:section`) and the submitted report read them from here; the check-in's
 * pages import their part's editor directly.
 */
import type { ComponentType } from 'react'
import type { EvaluationForm, Mission, Task } from '@/api/entities'
import { AnswersEditor, AnswersList } from './answers/answers-editor'
import { AttendantsEditor } from './attendants/attendants-editor'
import { AttendantsView } from './attendants/attendants-view'
import { AudioEditor, AudioView } from './audio/audio-editor'
import { AwardsEditor, AwardsView, useTaskAwards } from './awards/awards-editor'
import { ChecklistEditor } from './checklist/checklist-editor'
import { ChecklistView } from './checklist/checklist-view'
import type { PartId, PartVisit } from './part'
import type { ReportContent } from '@/domain/report-completeness'
import { PhotosEditor, PhotosView } from './photos/photos-editor'
import { ReceiptsEditor, ReceiptsView } from './receipts/receipts-editor'
import { TestimonyEditor, TestimonyView } from './testimony/testimony-editor'
import { TimesEditor } from './times/times-editor'
import { TimesView } from './times/times-view'

/**
 * What a read-only view shows: the submitted report, or the draft of a report not editable
 * now; but its evidences, which the photos view reads by the task.
 */
export type ReadOnlyContent = Omit<ReportContent, 'evidences'>

export type PartViewProps = {
  task: Task
  mission: Mission
  form: EvaluationForm
  content: ReadOnlyContent
}

export type PartUi = {
  Editor: ComponentType<{ visit: PartVisit }>
  View: ComponentType<PartViewProps>
}

function AwardsReadOnly({ task, mission }: PartViewProps) {
  const { given } = useTaskAwards(task.id)
  return <AwardsView mission={mission} given={given} />
}

export const PART_EDITORS = {
  answers: {
    Editor: AnswersEditor,
    View: ({ form, content }) => <AnswersList form={form} answers={content.answers} />,
  },
  attendants: {
    Editor: AttendantsEditor,
    View: ({ content }) => <AttendantsView attendants={content.attendants} />,
  },
  times: {
    Editor: TimesEditor,
    View: ({ mission, content }) => <TimesView mission={mission} times={content.times} />,
  },
  checklist: {
    Editor: ChecklistEditor,
    View: ({ mission, content }) => (
      <ChecklistView mission={mission} checklist={content.checklist} />
    ),
  },
  evidences: { Editor: PhotosEditor, View: ({ task }) => <PhotosView task={task} /> },
  'tax-receipts': { Editor: ReceiptsEditor, View: ({ task }) => <ReceiptsView task={task} /> },
  audio: {
    Editor: AudioEditor,
    View: ({ task, mission, content }) => (
      <AudioView task={task} mission={mission} testimony={content.testimony} />
    ),
  },
  testimony: {
    Editor: TestimonyEditor,
    View: ({ content }) => <TestimonyView testimony={content.testimony} />,
  },
  awards: { Editor: AwardsEditor, View: AwardsReadOnly },
} satisfies { [Id in PartId]: PartUi }

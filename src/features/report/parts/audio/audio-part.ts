/**
 * The recording of the attendance; the rule is `audio`. When the mission takes audio *or* a
 * written testimony, the two are one requirement, so one row ("Áudio ou depoimento"), and the
 * audio's page links to the testimony.
 */
import { count } from '@/domain/plural'
import type { ReportPart } from '../part'

const TITLE = 'Áudio'

const audios = (content: { evidences: readonly { kind: string }[] }) =>
  content.evidences.filter((e) => e.kind === 'audio').length

export const audioPart = {
  id: 'audio',
  title: TITLE,
  duringVisit: true,
  listed: (content, mission) =>
    mission.requirements.proof === 'either' ||
    mission.requirements.proof === 'audio' ||
    audios(content) > 0,
  rowTitle: (mission) => (mission.requirements.proof === 'either' ? 'Áudio ou depoimento' : TITLE),
  summary: (content, mission) => {
    const n = audios(content)
    if (mission.requirements.proof !== 'either' || n > 0) return count(n, 'gravação', 'gravações')
    const testimony = (content.testimony ?? '').trim()
    return testimony
      ? `Depoimento: ${[...testimony].length} caracteres`
      : 'Grave um áudio ou escreva um depoimento'
  },
} satisfies ReportPart

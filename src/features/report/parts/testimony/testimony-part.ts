/**
 * The written testimony (50–1000 characters); the rule is `testimony`. With a mission that
 * takes audio or a testimony, it is said in the audio's row ("Áudio ou depoimento").
 */
import type { ReportPart } from '../part'

export const testimonyPart = {
  id: 'testimony',
  title: 'Depoimento escrito',
  duringVisit: true,
  listed: (content, mission) =>
    mission.requirements.proof !== 'either' &&
    (mission.requirements.proof === 'testimony' || (content.testimony ?? '') !== ''),
  summary: (content) => {
    const text = (content.testimony ?? '').trim()
    return text ? `${[...text].length} caracteres` : 'Não escrito'
  },
} satisfies ReportPart

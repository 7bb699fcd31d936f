/** What a mission asks of the agent, in pt-BR lines (opportunity and task details). */
import type { Mission } from '@/api/entities'
import { count } from './plural'

const PROOF_LINE: Record<Mission['requirements']['proof'], string | null> = {
  audio: 'Gravar o áudio do atendimento',
  testimony: 'Escrever um depoimento do atendimento (50 a 1000 caracteres)',
  either: 'Gravar o áudio do atendimento ou escrever um depoimento',
  none: null,
}

export function missionRequirementLines(requirements: Mission['requirements']): string[] {
  const lines: string[] = []
  if (requirements.minPhotos > 0)
    lines.push(`Tirar pelo menos ${count(requirements.minPhotos, 'foto', 'fotos')}`)
  lines.push(
    requirements.taxReceipt
      ? 'Guardar e fotografar o cupom fiscal da compra'
      : 'Não é preciso enviar cupom fiscal',
  )
  const proof = PROOF_LINE[requirements.proof]
  if (proof) lines.push(proof)
  if (requirements.minAttendants > 0)
    lines.push(
      `Registrar pelo menos ${count(requirements.minAttendants, 'atendente', 'atendentes')} pelo nome (como no crachá)`,
    )
  return lines
}

/** "Até 60 minutos no local". */
export function visitDurationLine(visitMaxMinutes: number): string {
  return `Até ${visitMaxMinutes} minutos no local`
}

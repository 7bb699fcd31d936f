/** pt-BR texts of the times part (the check-in's page and the report's section). */
export const timesCopy = {
  timesIntro:
    'Use o cronômetro durante a visita ou digite o tempo em minutos e segundos (entre 00:05 e 20:00).',
  timesEmpty: 'Esta missão não pede tempos.',
  recorded: (value: string) => `Registrado: ${value}`,
  notRecorded: 'Ainda não registrado',
  stopwatch: 'Cronômetro',
  start: 'Iniciar',
  resume: 'Continuar',
  pause: 'Pausar',
  reset: 'Zerar',
  forTime: (label: string) => ` — ${label}`,
  typedLabel: (label: string) => `${label} (mm:ss)`,
  typedHint: 'Ex.: 02:30',
  saveTime: 'Salvar',
  timeSaved: (label: string, value: string) => `${label}: ${value} registrado`,
  saveFailed: 'Não foi possível salvar neste aparelho. Tente de novo.',
  // The submitted report (read only).
  noAnswer: 'Sem resposta',
} as const

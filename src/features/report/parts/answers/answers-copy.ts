/** pt-BR texts of the answers part (how an answer reads back is answer-text.ts). */
export const answersCopy = {
  openChat: 'Abrir o questionário',
  noAnswer: 'Sem resposta',
  /** A required question not answered yet. */
  missing: '1 pendente',
  pageHeading: (n: number, title: string) => `Página ${n} — ${title}`,
} as const

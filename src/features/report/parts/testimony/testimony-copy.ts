/** pt-BR texts of the testimony part. */
export const testimonyCopy = {
  testimonyLabel: 'Depoimento',
  testimonyHint:
    'Conte o que aconteceu no atendimento, de 50 a 1000 caracteres. É guardado enquanto você escreve.',
  charCount: (n: number, max: number) => `${n} de ${max} caracteres`,
  noTestimony: 'Sem depoimento escrito.',
} as const

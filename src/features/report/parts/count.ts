/** "1 foto", "3 fotos": the pt-BR count the parts' summaries say. */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

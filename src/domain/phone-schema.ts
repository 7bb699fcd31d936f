/** The typed phone's reading (`readPhone`) as a zod schema, for forms and checks written with zod. */
import * as z from 'zod/mini'
import { readPhone, phoneMessages } from './phone'

export const phoneSchema = z.pipe(
  z.string({ error: phoneMessages.invalid }),
  z.transform((input: string, ctx) => {
    const read = readPhone(input)
    if (!read.ok) {
      ctx.issues.push({ code: 'custom', message: read.message, input })
      return z.NEVER
    }
    return read.value
  }),
)

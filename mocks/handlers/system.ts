/** Health: up (the `unavailable` fault switch of mocks/faults.ts answers it 503 maintenance). */
import { type BackendContext, isoNow, typedHttp } from './support'

export const FAKE_API_VERSION = '1.0.0'

export function systemHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  return [
    http.get('/health', ({ response }) =>
      response(200).json({ status: 'ok', version: FAKE_API_VERSION, time: isoNow(ctx) }),
    ),
  ]
}

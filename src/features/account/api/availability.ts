/**
 * The agent's availability for new offers (`PUT /me/availability`): the one way to change it,
 * for the account's switch and the shell's "Ficar disponível" alike. Applied on screen at once
 * and rolled back if the server refuses it; the screen that asked says what happened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Agent } from '@/api/entities'
import { isApiError } from '@/api/api-error'
import { useSnackbar } from '@/components/snackbar'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { queryKeys } from '@/lib/query-keys'
import { setAvailability } from './account-queries'
import { meQueryKey } from './me-query'
import { accountCopy as copy } from '../copy'

export const availabilityMutationKey = [...queryKeys.account, 'availability'] as const

/**
 * `saysFailure`: a refusal is said in a snackbar (the switch, which moves back); a screen that
 * says it in place reads the mutation's `error` instead (`availabilityFailure`).
 */
export function useSetAvailability({ saysFailure = true }: { saysFailure?: boolean } = {}) {
  const queryClient = useQueryClient()
  const snackbar = useSnackbar()
  const idempotency = useIdempotencyKey()
  return useMutation({
    mutationKey: availabilityMutationKey,
    mutationFn: (available: boolean) => setAvailability(available, idempotency.keyFor(available)),
    onMutate: async (available) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey })
      const previous = queryClient.getQueryData<Agent>(meQueryKey)
      if (previous) queryClient.setQueryData<Agent>(meQueryKey, { ...previous, available })
      return { previous }
    },
    onError: (error, _available, context) => {
      idempotency.settle(error)
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous)
      if (saysFailure) snackbar(copy.availabilityFailed)
    },
    onSuccess: (agent) => {
      queryClient.setQueryData(meQueryKey, agent)
      snackbar(agent.available ? copy.nowAvailable : copy.nowUnavailable)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  })
}

/** Why the change did not happen, in the agent's words: no connection, or the server's. */
export function availabilityFailure(error: unknown): string {
  return isApiError(error) && error.code === 'offline'
    ? copy.availabilityOffline
    : copy.availabilityRefused
}

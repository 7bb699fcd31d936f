/**
 * Whether this phone receives the agent's notifications, and the switch to change it: the
 * React side of lib/push.ts, shared by the account screen and the permission screen.
 */
import { useCallback, useEffect, useState } from 'react'
import {
  isReceivingPush,
  pushAvailability,
  PushSetupError,
  subscribeDevice,
  unsubscribeDevice,
  type PushAvailability,
} from './push'

export type DevicePush = {
  availability: PushAvailability
  /** null while it is being checked. */
  receiving: boolean | null
  busy: boolean
  /** Why the last change failed, in pt-BR. */
  error: string | null
  /** Asks for the permission when needed, then subscribes; true when this phone now receives. */
  turnOn(): Promise<boolean>
  turnOff(): Promise<void>
}

const NOT_INSTALLED =
  'O app ainda está sendo preparado neste aparelho. Aguarde alguns segundos e tente de novo.'

/** The app's service worker registration, when there is one (there is none in development). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined
  const found = await navigator.serviceWorker.getRegistration().catch(() => undefined)
  return found?.active ? found : undefined
}

export function useDevicePush(): DevicePush {
  const [availability, setAvailability] = useState<PushAvailability>(() => pushAvailability())
  const [receiving, setReceiving] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    void (async () => {
      const found = availability === 'ready' ? await registration() : undefined
      const yes = found && Notification.permission === 'granted' && (await isReceivingPush(found))
      if (!cancelled) setReceiving(Boolean(yes))
    })()
    return () => {
      cancelled = true
    }
  }, [availability])

  const turnOn = useCallback(async () => {
    setBusy(true)
    setError(null)
    try {
      if (Notification.permission !== 'granted') {
        const answer = await Notification.requestPermission()
        if (answer !== 'granted') {
          setAvailability(pushAvailability())
          return false
        }
      }
      const found = await registration()
      if (!found) throw new PushSetupError('unsupported', NOT_INSTALLED)
      await subscribeDevice(found)
      setReceiving(true)
      return true
    } catch (failure) {
      setError(
        failure instanceof PushSetupError
          ? failure.message
          : 'Não foi possível ativar as notificações neste aparelho. Tente de novo.',
      )
      return false
    } finally {
      setBusy(false)
    }
  }, [])

  const turnOff = useCallback(async () => {
    setBusy(true)
    setError(null)
    try {
      await unsubscribeDevice(await registration())
      setReceiving(false)
    } finally {
      setBusy(false)
    }
  }, [])

  return { availability, receiving, busy, error, turnOn, turnOff }
}

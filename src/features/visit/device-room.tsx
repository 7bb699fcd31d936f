/**
 * "Pouco espaço no aparelho": while a visit is under way, the room left on the phone is
 * measured by writing (lib/use-device-room); below the device store's margin the agent is told
 * how many megabytes to free, and why, before the database is at risk. "Verificar de novo"
 * measures again once space was freed.
 */
import { useState } from 'react'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { useDeviceRoom } from '@/lib/use-device-room'
import { outboxCopy as copy } from './outbox-copy'

export function DeviceRoomNotice() {
  const { short, check } = useDeviceRoom()
  const [checking, setChecking] = useState(false)
  if (short === undefined) return null
  return (
    <Notice
      tone="warning"
      title={copy.roomShortTitle}
      action={
        <Button
          variant="secondary"
          busy={checking}
          onClick={() => {
            setChecking(true)
            void check().finally(() => setChecking(false))
          }}
        >
          {copy.roomCheckAgain}
        </Button>
      }
    >
      {copy.roomShort(short)}
    </Notice>
  )
}

import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { Badge, type Tone } from '@/components/status'
import { deviceCheckCopy as copy } from '../copy'
import {
  useDevicePermission,
  type DeviceCapability,
  type DevicePermissionState,
} from '@/lib/device-media/device-permissions'
import styles from './tasks.module.css'

const CAPABILITIES: readonly DeviceCapability[] = ['location', 'camera', 'microphone']

const STATE_TONE: Record<DevicePermissionState, Tone> = {
  granted: 'success',
  denied: 'danger',
  prompt: 'warning',
  unknown: 'neutral',
  unsupported: 'neutral',
}

/** Before a visit: can this browser use the location, the camera and the microphone? */
export function DeviceCheckPage() {
  const location = useDevicePermission('location')
  const camera = useDevicePermission('camera')
  const microphone = useDevicePermission('microphone')
  const checks = { location, camera, microphone }
  const allGranted = CAPABILITIES.every((c) => checks[c].state === 'granted')
  return (
    <Page title={copy.title} backTo="/tasks">
      <p>{copy.lead}</p>
      {allGranted && <Notice tone="success">{copy.allGranted}</Notice>}
      {CAPABILITIES.map((capability) => (
        <CapabilityCheck key={capability} capability={capability} check={checks[capability]} />
      ))}
    </Page>
  )
}

function CapabilityCheck({
  capability,
  check,
}: {
  capability: DeviceCapability
  check: ReturnType<typeof useDevicePermission>
}) {
  const text = copy.capability[capability]
  const headingId = `device-${capability}`
  const { state } = check
  return (
    <section className={styles.capability} aria-labelledby={headingId}>
      <div className={styles.capabilityHeader}>
        <h2 id={headingId}>{text.name}</h2>
        <Badge tone={STATE_TONE[state]}>{check.checked ? copy.state[state] : copy.checking}</Badge>
      </div>
      <p>{text.why}</p>
      {state === 'unsupported' && <Notice tone="warning">{text.unsupported}</Notice>}
      {check.problem && check.problem !== 'denied' && (
        <Notice tone="error">{copy.problem[check.problem]}</Notice>
      )}
      {state === 'denied' && (
        <Notice tone="warning" title={copy.howToTitle}>
          <ol className={styles.steps}>
            {copy.howToSteps(text.settingName).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>{copy.howToAppLevel(text.settingName)}</p>
        </Notice>
      )}
      {(state === 'prompt' || state === 'unknown') && check.checked && (
        <Button
          block
          busy={check.requesting}
          aria-label={copy.allowLabel(text.name)}
          onClick={() => void check.request()}
        >
          {copy.allow}
        </Button>
      )}
      {state === 'denied' && (
        <Button
          variant="secondary"
          block
          aria-label={copy.recheckLabel(text.name)}
          onClick={check.recheck}
        >
          {copy.recheck}
        </Button>
      )}
    </section>
  )
}

/**
 * When something was done, as the phrase after the verb: "às 15:40" today, "em 28/11/2026 às
 * 15:40" on another day ("às" is said of a time, never of a date). Today is the app's (the
 * phone's clock set right by the server's), in the phone's zone, as formatDateTime shows it.
 * Beside lib/format, not in it: that file loads with every screen (/login's too), this with
 * the visit's only.
 */
import { appNow } from './clock'
import { formatDate, formatTime } from './format'

export function formatWhen(iso: string, now = appNow()) {
  const day = formatDate(iso)
  const at = `às ${formatTime(iso)}`
  return day === formatDate(new Date(now).toISOString()) ? at : `em ${day} ${at}`
}

/**
 * The visit as a part's editor takes it (`PartVisit`), built here only: by the report's section
 * page and by the check-in's part page alike. Another part's link opens its check-in page when
 * the editor is in the check-in shell and that part has one, its report section otherwise.
 */
import { pathTo } from '@/lib/route-patterns'
import type { PartId, PartVisit, ReportPart } from './part'
import { REPORT_PARTS } from './parts'

export function partVisitOf(
  visit: Omit<PartVisit, 'pathOf'>,
  { inCheckin = false }: { inCheckin?: boolean } = {},
): PartVisit {
  const { task, mission, form, draft, serverReport, localVisit } = visit
  const slug = task.slug
  return {
    task,
    mission,
    form,
    draft,
    serverReport,
    localVisit,
    pathOf: (part: PartId) => {
      const { checkinPage }: ReportPart = REPORT_PARTS[part]
      const page = inCheckin ? checkinPage : undefined
      return page
        ? pathTo('/tasks/:slug/checkin/:part', { slug, part: page.path })
        : pathTo('/tasks/:slug/report/:section', { slug, section: part })
    },
  }
}

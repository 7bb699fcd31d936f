/**
 * A part's page in the check-in shell (`…/checkin/:part`): one for every part of the report
 * that declares one (`checkinPage` in its `<part>-part.ts`, read from REPORT_PARTS). Its title
 * is the part's; it renders the part's one editor (the report's section renders the same) once
 * the draft is on the device. The editor's code is loaded with the page (its loader), and only
 * that part's.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom'
import { Page } from '@/components/page'
import { checkinPartAt } from '@/features/report/parts/parts'
import { partVisitOf } from '@/features/report/parts/part-visit'
import { useCheckinVisit } from './checkin-context'
import { UnknownPage } from './checkin-shell'
import { DraftGate } from './draft-gate'
import type { RouteCodeHandle } from '@/lib/route-patterns'

/** The route's `handle`: the likely next pages' prefetch loads the part's editor too. */
export const partPageHandle: RouteCodeHandle = {
  prefetchCode: async (params) => checkinPartAt(params.part)?.checkinPage.editor(),
}

/** The part at the route's `:part` and its editor, or null for a path that names no part's page. */
export async function partPageLoader({ params }: Pick<LoaderFunctionArgs, 'params'>) {
  const part = checkinPartAt(params.part)
  return part ? { title: part.title, Editor: await part.checkinPage.editor() } : null
}

export function PartPage() {
  const visit = useCheckinVisit()
  // Not React Router's serialized typing: the loader hands over a component, not JSON.
  const page = useLoaderData() as Awaited<ReturnType<typeof partPageLoader>>
  // A link to a page the shell does not have (the shell says so first).
  if (!page) return <UnknownPage />
  const { title, Editor } = page
  return (
    <Page title={title}>
      <DraftGate visit={visit}>
        {(draft) => <Editor visit={partVisitOf({ ...visit, draft }, { inCheckin: true })} />}
      </DraftGate>
    </Page>
  )
}

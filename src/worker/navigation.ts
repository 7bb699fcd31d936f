/**
 * How the worker answers navigations — alone here so it is easy to change. Every navigation of
 * the app gets, from the precache, the document the build prerendered for its route
 * (`documentFor` over the build's `html-documents.json`, the same table `npm start` and the
 * nginx example use): the sign-in screen as HTML, the tab's shell for a signed-in route,
 * `index.html` for the visit. So any screen opens with no signal, and paints before its
 * script runs. The API and the demo (`/preview`, whose own MSW worker and files are none of
 * ours) go to the network.
 */
import { matchPrecache } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import {
  documentFor,
  FALLBACK_DOCUMENT,
  HTML_DOCUMENTS_FILE,
  type HtmlDocumentTable,
} from '@/lib/html-documents'

export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/preview(\/|$)/]

let table: Promise<HtmlDocumentTable | null> | undefined

/** The build's table of documents, read once from the precache. */
function documentTable(): Promise<HtmlDocumentTable | null> {
  table ??= matchPrecache(`/${HTML_DOCUMENTS_FILE}`)
    .then((response) => (response ? (response.json() as Promise<HtmlDocumentTable>) : null))
    .catch(() => null)
  return table
}

/** The precached document for a navigation to `pathname` (index.html when none is known). */
export async function documentResponse(pathname: string): Promise<Response | undefined> {
  const documents = await documentTable()
  const file = documents ? documentFor(pathname, documents) : FALLBACK_DOCUMENT
  return (await matchPrecache(`/${file}`)) ?? (await matchPrecache(`/${FALLBACK_DOCUMENT}`))
}

export function serveAppShellForNavigations() {
  registerRoute(
    new NavigationRoute(
      async ({ url, request }) => (await documentResponse(url.pathname)) ?? fetch(request),
      { denylist: NAVIGATION_DENYLIST },
    ),
  )
}

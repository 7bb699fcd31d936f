/**
 * Issue #28, item 4: photos in a private tab. WebKit on a throwaway profile (Safari's private
 * browsing) refuses a Blob in IndexedDB — "UnknownError: Error preparing Blob/File data to be
 * stored in object store" — while it stores an ArrayBuffer, so the visit store keeps a photo's
 * bytes as an ArrayBuffer (`mediaBytes`). Here, in such a tab, the agent checks in, adds a
 * photo to the evidences, checks out and answers the chat's photo question: each photo is
 * kept on the device, listed, shown from its kept bytes and uploaded once, with no storage
 * error and no message to free up space.
 *
 * The visit is walked through the app's own links, with no full load once it has started:
 * a full load while the sync loop has a visit-store transaction open leaves that page frozen
 * in WebKit's back/forward cache holding the database, and the next page waits on it (seen
 * here 3 times in 9 with the cache on, 0 in 8 with it off; reported apart, as issue #28 item
 * 1 was for the kept answers).
 */
import { writeFileSync } from 'node:fs'
import { BASE_URL, expect, test } from './fixtures'
import { acceptOffer, jpegFrom, sessionToken, signIn } from './journey'
import type { Query, Screen } from './screen'
import { WebKitEngine } from './webkit'

test.use({ profile: 'private' })
test.skip(
  ({ engineName }) => engineName !== 'webkit',
  "Safari's private browsing (WebKit's ephemeral profile) is the tab that refuses Blobs; the " +
    "other engines' private modes are not started by these tests",
)

/** What the evidence list says of a photo kept on the device, or of one that failed. */
const KEPT = /^(Aguardando envio|Aguardando conexão|Enviando…( \d+%)?|Enviada)$/
/** What the app says when a photo could not be kept (the picker's notice), or a failed upload. */
const NOT_KEPT = /Não foi possível guardar|espaço|^Falhou/
/** What a storage refusal looks like in the browser's console. */
const STORAGE_ERROR = /IndexedDB|object store|Blob\/File|QuotaExceeded|UnknownError/i

test('in a private tab, a photo and the chat’s photo answer are kept, listed and sent', async ({
  engine,
  ui,
  backend,
}, testInfo) => {
  expect(engine instanceof WebKitEngine && engine.ephemeral, 'a throwaway profile').toBe(true)
  await signIn(engine, ui, backend)
  const token = await sessionToken(ui)
  const { slug, task } = await acceptOffer(ui, backend, token)

  // ------------------------------------------------------------ the check-in, at the shop
  await engine.setPosition({
    latitude: task.location.lat + 0.0004, // ~45 m north of the door
    longitude: task.location.lng,
    accuracy: 15,
  })
  await ui.click({ role: 'link', name: 'Fazer check-in' })
  await ui.see({ role: 'heading', level: 1, name: 'Check-in' })
  await ui.click({ role: 'button', name: 'Fazer check-in' })
  await ui.see({ role: 'heading', level: 1, name: 'Controle da visita' })
  await ui.see({ text: 'Tudo enviado' })

  // ------------------------------------------------------------ a photo, from the gallery
  const photo = testInfo.outputPath('fachada.jpg')
  writeFileSync(photo, await jpegFrom(ui))
  const visitPages: Query = { role: 'navigation', name: 'Páginas da visita' }
  await ui.click({ role: 'link', name: 'Fotos', within: visitPages })
  await ui.click({ role: 'button', name: 'Adicionar foto' })
  await ui.setFiles({ label: 'Foto da galeria', within: { role: 'dialog' } }, [photo])
  // Kept and listed, or what the agent was told instead.
  const outcome = await ui.see({ text: new RegExp(`${KEPT.source}|${NOT_KEPT.source}`) })
  expect(outcome.text, 'what the agent sees after adding the photo').toMatch(KEPT)
  const evidences: Query = { role: 'list', name: 'Fotos e arquivos do relatório' }
  await ui.see({ text: 'Enviada', within: evidences })
  expect(await ui.count({ text: /^Falhou/, within: evidences })).toBe(0)
  await expect.poll(() => picturesShown(ui, 'Foto 1'), 'the thumbnail, decoded').toBe(1)

  // ------------------------------------------------------------ check-out, then the chat's photo answer
  await ui.click({ role: 'link', name: 'Controle', within: visitPages })
  await ui.click({ role: 'button', name: 'Fazer check-out' })
  await ui.click({
    role: 'button',
    name: 'Fazer check-out mesmo assim',
    within: { role: 'dialog', name: 'Fazer check-out agora?' },
  })
  await ui.see({ role: 'heading', level: 1, name: 'Questionário' })
  expect(await ui.atPath(/\/form$/)).toBe(`/tasks/${slug}/form`)
  const composer: Query = { role: 'region', name: 'Sua resposta' }
  const chat: Query = { role: 'log', name: 'Conversa com o Avaliador' }
  const chips = (question: string, answer: string) =>
    ui.click({ role: 'button', name: answer, within: { role: 'group', name: question } })
  await chips('A fachada estava limpa e bem sinalizada?', 'Sim')
  await chips('Você foi cumprimentado em até 1 minuto depois de entrar?', 'Sim')
  await ui.type({ label: 'Tempo (mm:ss)', within: composer }, '0230', '02:30')
  await ui.click({ role: 'button', name: 'Enviar', within: composer })
  await ui.see({ text: /Envie uma foto da fachada/, within: chat })
  await ui.click({ role: 'button', name: 'Foto da resposta', within: composer })
  await ui.setFiles({ label: 'Foto da galeria', within: { role: 'dialog' } }, [photo])
  // Answered (the chat goes on to its next page), or what the agent was told instead.
  const answered = await ui.see({ text: new RegExp(`^Página 2 de|${NOT_KEPT.source}`) })
  expect(answered.text, 'what the agent sees after the photo answer').toMatch(/^Página 2 de/)
  // The answer's picture, drawn from the bytes kept on the device.
  await ui.see({ role: 'img', name: 'Foto da resposta', within: chat })
  await expect.poll(() => picturesShown(ui, 'Foto da resposta'), 'the answer, decoded').toBe(1)

  // ------------------------------------------------------------ on the server, once each
  await expect.poll(() => backend.requestsTo('/media')).toEqual(['POST', 'POST'])
  await expect
    .poll(async () => {
      const report = await backend.get<{
        evidences: Array<{ id: string; url: string }>
        answers: Array<{ questionId: string; value: unknown }>
      }>(token, `/reports/${task.reportId}`)
      return {
        evidences: report.evidences.length,
        photoAnswer: report.answers.find((a) => a.questionId === 'farma-q4')?.value,
      }
    })
    .toEqual({ evidences: 2, photoAnswer: expect.stringMatching(/^(?!local:)\S+$/) })
  // The bytes that arrived are a JPEG: the ArrayBuffer went up as the file, not as its name.
  const { evidences: sent } = await backend.get<{ evidences: Array<{ url: string }> }>(
    token,
    `/reports/${task.reportId}`,
  )
  for (const { url } of sent) {
    const response = await fetch(new URL(url, BASE_URL), {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(response.status, url).toBe(200)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 2).toString('hex'), url).toBe('ffd8')
  }

  // The browser reported no storage error (the fixture fails the test on any other error).
  expect(
    [...engine.consoleErrors().map((l) => l.text), ...engine.consoleWarnings()].filter((line) =>
      STORAGE_ERROR.test(line),
    ),
    'storage errors the browser logged',
  ).toEqual([])
})

/** How many pictures named `alt` the page shows, loaded and decoded (not a broken image). */
function picturesShown(ui: Screen, alt: string) {
  return ui.run(
    (name) =>
      [...document.querySelectorAll('img')].filter(
        (img) => img.alt === name && img.complete && img.naturalWidth > 0,
      ).length,
    alt,
  )
}

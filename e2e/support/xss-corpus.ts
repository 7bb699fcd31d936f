/**
 * Hostile texts for the XSS end-to-end test (e2e/xss.spec.ts): what a compromised backend, a
 * careless validator or a pasted message could put in a notification, a bulletin, a pendency
 * or a rejection reason. Each one, if it ever ran, would set `window.__xss`, open a dialog or
 * request a URL with `__xss` in it (or `/x`); shown as text, each is just its characters.
 */

/** Set by any payload that executes. */
export const XSS_CANARY = '__xss'

/** A URL path any payload that loads something would request. */
export const XSS_PROBE_PATH = '/__xss/probe'

/** Single-line payloads, each to be shown exactly as written. */
export const XSS_PAYLOADS: readonly string[] = [
  `<img src=x onerror="window.__xss='img'">`,
  `<script>window.__xss='script'</script>`,
  `<svg onload="window.__xss='svg'"><circle r="1"/></svg>`,
  `"><iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>`,
  `'><img src=${XSS_PROBE_PATH}.png onerror=alert(1)>`,
  `<a href="javascript:window.__xss='link'">Clique aqui</a>`,
  `[Ver detalhes](javascript:window.__xss='markdown')`,
  `<details open ontoggle="window.__xss='details'">x</details>`,
  `<style>@import url(${XSS_PROBE_PATH}.css);</style>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss='mxss'">`,
  `<input autofocus onfocus="window.__xss='focus'">`,
  `<body onload=alert('body')>`,
  `<object data="javascript:alert('object')"></object>`,
  `<base href="https://xss.example/">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert('meta')">`,
  `javascript:alert('scheme')`,
  `data:text/html,<script>alert('data')</script>`,
  `{{constructor.constructor('window.__xss=1')()}} \${window.__xss=1}`,
  `&lt;b&gt;negrito&lt;/b&gt; &amp;amp; &#60;i&#62; &#x3C;u&#x3E;`,
  // Right-to-left override, embedding and zero-width characters.
  `Relatório\u202Egpj.exe\u202C aprovado \u200Fעברית\u200E e\u200Boculto`,
  `Olá, "Maria" & 'João' <contato@loja.com.br> — 100% < 200%`,
]

/** About 10 kB of markup-looking text. */
export const XSS_LONG = `Início. ${'<b onmouseover="window.__xss=1">longo</b> &amp; '.repeat(200)}Fim.`

/** Links a notification may carry that must never become a clickable script or a way out. */
export const XSS_LINKS: readonly string[] = [
  `javascript:window.__xss='notification-link'`,
  `JaVaScRiPt:alert(1)`,
  `data:text/html,<script>alert(1)</script>`,
  `//xss.example${XSS_PROBE_PATH}`,
  `/\\xss.example${XSS_PROBE_PATH}`,
]

/** True for a request a payload would have made. */
export function isPayloadRequest(url: string): boolean {
  const parsed = new URL(url)
  return (
    url.includes(XSS_CANARY) ||
    parsed.hostname.endsWith('xss.example') ||
    /\/x$/.test(parsed.pathname)
  )
}

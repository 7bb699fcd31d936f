/**
 * The end of a connection whose request is refused before its body is read (413, 403): its
 * own module, with nothing but Node's types, because vite.config.ts loads the network guard
 * while it is being bundled (where the app's `@/` paths do not resolve).
 */
import type { ServerResponse } from 'node:http'

/** How long a refused request's connection stays open, discarding, after its answer. */
const LINGER_MS = 2000

/**
 * Closes the connection once the answer is out, without reading the rest of the body — and
 * without losing the answer. Node destroys the socket as soon as the answer is written
 * (`Connection: close`); bytes of the body still arriving then make the kernel reset the
 * connection, and a reset can throw away the answer the client has not read yet: the client
 * sees "connection reset", never the 413 (22 of 40 runs of e2e/sandbox.spec.ts under load).
 * So, as web servers do ("lingering close"), the answer is followed by the end of our side of
 * the connection, and what the client still sends is discarded — never kept — until it closes
 * its side or LINGER_MS pass.
 */
export function closeAfterAnswer(res: ServerResponse) {
  res.setHeader('Connection', 'close')
  const socket = res.socket
  if (!socket) return
  socket.destroySoon = function lingeringClose() {
    const linger = setTimeout(() => socket.destroy(), LINGER_MS)
    linger.unref()
    socket.once('close', () => clearTimeout(linger))
    socket.end()
    socket.resume()
  }
}

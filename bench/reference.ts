/**
 * The reference client: the bare minimum any Nostr client must do to show a note. One WebSocket
 * to the same relay, one REQ for ten kind-1 notes, the first note's text appended to the DOM in
 * the same `[role=feed] article` shape the app uses, so the same probe times both.
 */
import { createServer } from 'node:http'

export function referenceHtml(relayUrl: string): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Reference client</title>
<div role="feed"></div>
<script>
const feed = document.querySelector('[role=feed]')
const socket = new WebSocket(${JSON.stringify(relayUrl)})
socket.onopen = () => socket.send(JSON.stringify(['REQ', 'ref', { kinds: [1], limit: 10 }]))
socket.onmessage = (message) => {
  const frame = JSON.parse(message.data)
  if (frame[0] !== 'EVENT') return
  const article = document.createElement('article')
  article.textContent = frame[2].content
  feed.append(article)
  socket.onmessage = null
}
</script>
</html>
`
}

export interface ReferenceServer {
  url: string
  close(): Promise<void>
}

/** Serves the page on its own port; every other path (the favicon) is an empty 204. */
export async function startReferenceServer(relayUrl: string): Promise<ReferenceServer> {
  const html = Buffer.from(referenceHtml(relayUrl))
  const server = createServer((req, res) => {
    if (req.url !== '/') return void res.writeHead(204).end()
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': html.length,
      'Cache-Control': 'no-cache',
    })
    res.end(html)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

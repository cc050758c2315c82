import type { Page } from '@playwright/test'

/** Every REQ the page sends, as text, from the first frame on. */
export function watchRequests(page: Page): string[] {
  const sent: string[] = []
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('["REQ"')) {
        sent.push(frame.payload)
      }
    }),
  )
  return sent
}

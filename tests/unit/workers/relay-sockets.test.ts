// The relay-socket worker's host: what crosses to the page for each frame (the cap decided before
// a frame is posted), and the host over a real relay with ws for the WebSocket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MAX_FRAME_CHARS } from '../../../src/core/relays/untrusted-input.ts'
import {
  BUNDLE_MAX,
  bundleReports,
  createSocketHost,
  frameReport,
  isSocketUrl,
  type SocketReport,
} from '../../../src/workers/relay-sockets-api.ts'
import { type RelayHandle, startRelay } from '../../peers/relay.ts'

// Node 20 has no global WebSocket; the worker's is the browser's.
Object.assign(globalThis, { WebSocket })

const OVER_CAP = 'x'.repeat(MAX_FRAME_CHARS + 1)

describe('what crosses to the page', () => {
  it('a frame up to the cap whole, a longer one as its size only', () => {
    const atCap = 'x'.repeat(MAX_FRAME_CHARS)
    expect(frameReport(3, atCap)).toEqual({ type: 'message', id: 3, data: atCap })
    expect(frameReport(3, OVER_CAP)).toEqual({
      type: 'oversized',
      id: 3,
      chars: MAX_FRAME_CHARS + 1,
    })
  })

  it('only ws: and wss: URLs are opened', () => {
    expect(isSocketUrl('wss://relay.example')).toBe(true)
    expect(isSocketUrl('WS://127.0.0.1:7000')).toBe(true)
    for (const url of [
      'https://relay.example',
      'http://127.0.0.1',
      'relay.example',
      'javascript:1',
    ])
      expect(isSocketUrl(url)).toBe(false)
  })
})

describe('the socket host', () => {
  let relay: RelayHandle
  beforeAll(async () => {
    relay = await startRelay({
      // A hostile relay: a frame over the cap before its answer to every REQ.
      faults: {
        onReq: (subId, _filters, send) => send(JSON.stringify(['NOTICE', subId, OVER_CAP])),
      },
    })
  })
  afterAll(() => relay.close())

  const hosted = () => {
    const reports: SocketReport[] = []
    const host = createSocketHost((report) => reports.push(report))
    const heard = (type: SocketReport['type']) => reports.filter((report) => report.type === type)
    return { host, reports, heard }
  }

  it('reports opened, each frame (one over the cap as its size), and closed with the code', async () => {
    const { host, reports, heard } = hosted()
    host.handle({ type: 'open', id: 1, url: relay.url })
    await expect.poll(() => heard('opened')).toEqual([{ type: 'opened', id: 1 }])
    host.handle({ type: 'send', id: 1, data: JSON.stringify(['REQ', 'a', { limit: 0 }]) })
    await expect
      .poll(() => heard('message'))
      .toEqual([{ type: 'message', id: 1, data: JSON.stringify(['EOSE', 'a']) }])
    // Then, after its answer, the frame over the cap: only its size crosses.
    await expect
      .poll(() => heard('oversized'))
      .toEqual([
        { type: 'oversized', id: 1, chars: JSON.stringify(['NOTICE', 'a', OVER_CAP]).length },
      ])
    host.handle({ type: 'close', id: 1, code: 1000 })
    await expect
      .poll(() => heard('closed'))
      .toEqual([{ type: 'closed', id: 1, code: 1000, reason: '' }])
    // Closed sockets are forgotten: a late command is ignored.
    host.handle({ type: 'send', id: 1, data: '[]' })
    expect(reports.at(-1)?.type).toBe('closed')
  })

  it('a stopped socket reports nothing more, its relay sees it close; others go on', async () => {
    const { host, heard } = hosted()
    host.handle({ type: 'open', id: 1, url: relay.url })
    host.handle({ type: 'open', id: 2, url: relay.url })
    await expect.poll(() => heard('opened').length).toBe(2)
    host.handle({ type: 'stop', id: 1 })
    host.handle({ type: 'send', id: 1, data: JSON.stringify(['REQ', 'stopped', { limit: 0 }]) })
    host.handle({ type: 'send', id: 2, data: JSON.stringify(['REQ', 'open', { limit: 0 }]) })
    await expect.poll(() => heard('oversized').length).toBe(1)
    expect(heard('message')).toEqual([
      { type: 'message', id: 2, data: JSON.stringify(['EOSE', 'open']) },
    ])
    expect(heard('oversized')[0]).toMatchObject({ id: 2 })
    await expect.poll(() => relay.stats().open).toBe(1)
    expect(heard('closed')).toEqual([])
    host.handle({ type: 'stop', id: 2 })
  })

  it('a URL that is not a relay’s is closed at once, abnormally, without a socket', () => {
    const { host, reports } = hosted()
    host.handle({ type: 'open', id: 7, url: 'https://relay.example' })
    expect(reports).toEqual([{ type: 'closed', id: 7, code: 1006, reason: '' }])
  })
})

describe('bundled reports', () => {
  const message = (id: number, data: string): SocketReport => ({ type: 'message', id, data })

  it('posts the reports made before the next task as one message, in order', () => {
    const posted: SocketReport[][] = []
    const tasks: Array<() => void> = []
    const report = bundleReports(
      (reports) => posted.push(reports),
      (flush) => tasks.push(flush),
    )
    report({ type: 'opened', id: 1 })
    report(message(1, 'a'))
    report(message(2, 'b'))
    expect(posted).toEqual([])
    expect(tasks).toHaveLength(1)
    tasks[0]!()
    expect(posted).toEqual([[{ type: 'opened', id: 1 }, message(1, 'a'), message(2, 'b')]])
    report(message(1, 'c'))
    tasks[1]!()
    expect(posted.at(-1)).toEqual([message(1, 'c')])
  })

  it(`posts a flood in bundles of ${BUNDLE_MAX}, none held back`, () => {
    const posted: SocketReport[][] = []
    const tasks: Array<() => void> = []
    const report = bundleReports(
      (reports) => posted.push(reports),
      (flush) => tasks.push(flush),
    )
    for (let i = 0; i < BUNDLE_MAX * 2 + 1; i++) report(message(1, String(i)))
    expect(posted.map((bundle) => bundle.length)).toEqual([BUNDLE_MAX, BUNDLE_MAX])
    for (const task of tasks) task()
    expect(posted.map((bundle) => bundle.length)).toEqual([BUNDLE_MAX, BUNDLE_MAX, 1])
    expect(posted.flat().map((each) => (each.type === 'message' ? each.data : ''))).toEqual(
      Array.from({ length: BUNDLE_MAX * 2 + 1 }, (_, i) => String(i)),
    )
  })
})

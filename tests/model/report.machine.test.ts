import type { NostrEvent } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  REPORT_MESSAGES,
  type ReportRequest,
  type ReportTarget,
  reportProblem,
} from '../../src/core/people/report.ts'
import {
  type PublishedReport,
  type PublishReportInput,
  type ReportMachine,
  type ReportSnapshot,
  reportMachine,
} from '../../src/machines/report.machine.ts'
import { recordRequests, settleByInvokeId } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const USER = 'ab'.repeat(32)
const AUTHOR = 'cd'.repeat(32)
const RELAYS = ['ws://127.0.0.1:7777/', 'ws://127.0.0.1:7780']
const PUBLISH_FAILED = 'Publish failed: ws://127.0.0.1:7777/: blocked: no writes here'

const NOTE: ReportTarget = { pubkey: AUTHOR, noteId: '11'.repeat(32) }
const request = (overrides: Partial<ReportRequest> = {}): ReportRequest => ({
  target: NOTE,
  user: USER,
  ready: true,
  relays: RELAYS,
  ...overrides,
})
const THEIRS = request()
const VISITOR = request({ user: null })
const SELF = request({ target: { pubkey: USER } })

const published: PublishedReport = {
  event: { id: '33'.repeat(32), kind: 1984 } as NostrEvent,
  results: [{ relay: RELAYS[0]!, ok: true, message: '' }],
}

interface Fakes {
  recorder: ReturnType<typeof recordRequests>
}

function arrange() {
  const recorder = recordRequests()
  const machine = reportMachine.provide({ actors: { publishReport: recorder.deferred() } })
  return { machine, fakes: { recorder } }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

const model = createModel({
  machine: reportMachine,
  samples: {
    'report.requested': [THEIRS, VISITOR, SELF].map((r) => ({
      type: 'report.requested' as const,
      request: r,
    })),
    'report.confirmed': [
      // No reason chosen yet: Report is not taken.
      { type: 'report.confirmed', comment: 'x' },
      { type: 'report.confirmed', reportType: 'spam', comment: ' selling pills ' },
    ],
    'xstate.done.actor.publish': [{ type: 'xstate.done.actor.publish', output: published }],
    'xstate.error.actor.publish': [
      { type: 'xstate.error.actor.publish', error: new Error(PUBLISH_FAILED) },
    ],
  },
  serializeState: (snapshot) => {
    const { context } = snapshot
    return JSON.stringify({
      value: snapshot.value,
      target: context.target,
      reportType: context.reportType,
      comment: context.comment,
      error: context.error,
      detail: context.detail,
      results: context.results.length,
    })
  },
})

const harness: Harness<ReportMachine, Fakes> = {
  arrange,
  deliver: settleByInvokeId<Fakes>(
    ['xstate.done.actor.publish', 'xstate.error.actor.publish'],
    settle,
  ),
  states: {
    publishing: (snapshot, { fakes }) => {
      const input = fakes.recorder.pending('publish').input as PublishReportInput
      // The reason chosen first; the comment as last given (a retry may give a new one), trimmed.
      expect(input).toEqual({
        target: NOTE,
        user: USER,
        relays: RELAYS,
        reportType: 'spam',
        comment: snapshot.context.comment,
      })
      expect(['selling pills', 'x']).toContain(input.comment)
      expect(snapshot.context.error).toBeNull()
    },
    done: (snapshot) => {
      expect(snapshot.context.results).toEqual(published.results)
      expect(snapshot.context.error).toBeNull()
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(REPORT_MESSAGES.failed)
      expect(snapshot.context.detail).toBe(PUBLISH_FAILED)
    },
    rejected: (snapshot, { fakes }) => {
      expect([reportProblem(VISITOR), reportProblem(SELF)]).toContain(snapshot.context.error)
      expect(fakes.recorder.live()).toEqual([])
    },
    choosing: (snapshot, { fakes }) => {
      expect(snapshot.context.target).toEqual(NOTE)
      expect(snapshot.context.reportType).toBeNull()
      expect(snapshot.context.error).toBeNull()
      expect(fakes.recorder.live()).toEqual([])
    },
    idle: (_snapshot, { fakes }) => {
      expect(fakes.recorder.live()).toEqual([])
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('report model', () => {
  const paths = modelPaths(model, 'transitions')
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('report scenarios', () => {
  function start() {
    const { machine, fakes } = arrange()
    const actor = createActor(machine).start()
    return { actor, fakes, snapshot: (): ReportSnapshot => actor.getSnapshot() }
  }

  it('chosen and sent: done on a relay’s yes', async () => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'report.requested', request: THEIRS })
    expect(snapshot().matches('choosing')).toBe(true)
    // No reason yet: nothing is sent.
    actor.send({ type: 'report.confirmed', comment: 'spam' })
    expect(snapshot().matches('choosing')).toBe(true)
    expect(fakes.recorder.requests).toEqual([])
    actor.send({ type: 'report.confirmed', reportType: 'nudity', comment: '' })
    expect(fakes.recorder.pending('publish').input).toEqual({
      target: NOTE,
      user: USER,
      relays: RELAYS,
      reportType: 'nudity',
      comment: '',
    })
    fakes.recorder.pending('publish').resolve(published)
    await settle()
    expect(snapshot().matches('done')).toBe(true)
  })

  it('no relay accepts: "Report not sent" with why; Try again sends the same report', async () => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'report.requested', request: THEIRS })
    actor.send({ type: 'report.confirmed', reportType: 'illegal', comment: 'see link' })
    fakes.recorder.pending('publish').reject(new Error(PUBLISH_FAILED))
    await settle()
    expect(snapshot().matches('failed')).toBe(true)
    expect(snapshot().context).toMatchObject({ error: 'Report not sent', detail: PUBLISH_FAILED })
    actor.send({ type: 'report.confirmed' })
    expect(snapshot().matches('publishing')).toBe(true)
    expect(fakes.recorder.pending('publish').input).toMatchObject({
      reportType: 'illegal',
      comment: 'see link',
    })
    expect(snapshot().context.error).toBeNull()
  })

  it.each([
    [VISITOR, 'Log in to report'],
    [SELF, 'You cannot report yourself'],
  ])('refuses %o with its message, sending nothing', (r, message) => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'report.requested', request: r })
    expect(snapshot().matches('rejected')).toBe(true)
    expect(snapshot().context.error).toBe(message)
    actor.send({ type: 'report.confirmed', reportType: 'spam' })
    expect(snapshot().matches('rejected')).toBe(true)
    expect(fakes.recorder.requests).toEqual([])
  })

  it('one report at a time: a request while one is out is ignored', () => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'report.requested', request: THEIRS })
    actor.send({ type: 'report.confirmed', reportType: 'spam' })
    actor.send({ type: 'report.requested', request: request({ target: { pubkey: AUTHOR } }) })
    actor.send({ type: 'report.cancelled' })
    expect(snapshot().matches('publishing')).toBe(true)
    expect(snapshot().context.target).toEqual(NOTE)
    expect(fakes.recorder.requests).toHaveLength(1)
  })
})

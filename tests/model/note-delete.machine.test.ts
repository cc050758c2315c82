import type { NostrEvent } from 'nostr-tools/pure'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  DELETE_MESSAGES,
  type DeleteRequest,
  type DeleteTarget,
  deleteProblem,
} from '../../src/core/publish/note-delete.ts'
import {
  deletingNote,
  type NoteDeleteMachine,
  type NoteDeleteSnapshot,
  noteDeleteMachine,
  type PublishDeletionInput,
  type PublishedDeletion,
} from '../../src/machines/note-delete.machine.ts'
import { recordRequests, settleByInvokeId } from './deferred.ts'
import { createModel, describePath, type Harness, modelPaths, walkPath } from './walk.ts'

const USER = 'ab'.repeat(32)
const OTHER = 'cd'.repeat(32)
const RELAYS = ['ws://127.0.0.1:7777/', 'ws://127.0.0.1:7780']
const PUBLISH_FAILED = 'Publish failed: ws://127.0.0.1:7777/: blocked: no writes here'

const NOTE: DeleteTarget = { id: '11'.repeat(32), pubkey: USER, kind: 1 }
const request = (overrides: Partial<DeleteRequest> = {}): DeleteRequest => ({
  note: NOTE,
  user: USER,
  ready: true,
  relays: RELAYS,
  ...overrides,
})
const OWN = request()
const VISITOR = request({ user: null })
const NOT_OWN = request({ note: { ...NOTE, id: '22'.repeat(32), pubkey: OTHER } })

const published: PublishedDeletion = {
  event: { id: '33'.repeat(32), kind: 5 } as NostrEvent,
  results: [{ relay: RELAYS[0]!, ok: true, message: '' }],
}

interface Fakes {
  recorder: ReturnType<typeof recordRequests>
  hidden: DeleteTarget[]
  rolledBack: DeleteTarget[]
}

function arrange() {
  const recorder = recordRequests()
  const fakes: Fakes = { recorder, hidden: [], rolledBack: [] }
  const machine = noteDeleteMachine.provide({
    actors: { publishDeletion: recorder.deferred() },
    actions: {
      hide: (_, note) => void fakes.hidden.push(note),
      rollback: (_, note) => void fakes.rolledBack.push(note),
    },
  })
  return { machine, fakes }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

const model = createModel({
  machine: noteDeleteMachine,
  samples: {
    'delete.requested': [OWN, VISITOR, NOT_OWN].map((r) => ({
      type: 'delete.requested' as const,
      request: r,
    })),
    'delete.confirmed': [{ type: 'delete.confirmed', reason: ' posted by mistake ' }],
    'xstate.done.actor.publish': [{ type: 'xstate.done.actor.publish', output: published }],
    'xstate.error.actor.publish': [
      { type: 'xstate.error.actor.publish', error: new Error(PUBLISH_FAILED) },
    ],
  },
  serializeState: (snapshot) => {
    const { context } = snapshot
    return JSON.stringify({
      value: snapshot.value,
      note: context.note?.id ?? null,
      error: context.error,
      detail: context.detail,
      reason: context.reason,
      results: context.results.length,
    })
  },
})

const harness: Harness<NoteDeleteMachine, Fakes> = {
  arrange,
  deliver: settleByInvokeId<Fakes>(
    ['xstate.done.actor.publish', 'xstate.error.actor.publish'],
    settle,
  ),
  states: {
    publishing: (snapshot, { fakes }) => {
      // Gone from every view before any relay was asked.
      expect(fakes.hidden.at(-1)).toEqual(snapshot.context.note)
      const input = fakes.recorder.pending('publish').input as PublishDeletionInput
      expect(input).toEqual({
        note: snapshot.context.note,
        user: USER,
        relays: RELAYS,
        reason: 'posted by mistake',
      })
      expect(snapshot.context.error).toBeNull()
      expect(deletingNote(snapshot)).toEqual(NOTE)
    },
    done: (snapshot, { fakes }) => {
      expect(snapshot.context.results).toEqual(published.results)
      expect(snapshot.context.error).toBeNull()
      // Still hidden: every hide but this one was taken back.
      expect(fakes.hidden.length).toBe(fakes.rolledBack.length + 1)
    },
    failed: (snapshot, { fakes }) => {
      expect(fakes.rolledBack.at(-1)).toEqual(snapshot.context.note)
      expect(fakes.hidden.length).toBe(fakes.rolledBack.length)
      expect(snapshot.context.error).toBe(DELETE_MESSAGES.failed)
      expect(snapshot.context.detail).toBe(PUBLISH_FAILED)
    },
    rejected: (snapshot, { fakes }) => {
      expect([deleteProblem(VISITOR), deleteProblem(NOT_OWN)]).toContain(snapshot.context.error)
      expect(fakes.recorder.live()).toEqual([])
    },
    confirming: (snapshot, { fakes }) => {
      expect(snapshot.context.note).toEqual(NOTE)
      expect(snapshot.context.error).toBeNull()
      expect(fakes.recorder.live()).toEqual([])
    },
    idle: (snapshot, { fakes }) => {
      expect(deletingNote(snapshot)).toBeNull()
      expect(fakes.recorder.live()).toEqual([])
      expect(fakes.hidden.length).toBeGreaterThanOrEqual(fakes.rolledBack.length)
    },
  },
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('note-delete model', () => {
  const paths = modelPaths(model, 'transitions')
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) =>
    walkPath(model, path, harness),
  )
})

describe('note-delete scenarios', () => {
  function start() {
    const { machine, fakes } = arrange()
    const actor = createActor(machine).start()
    return { actor, fakes, snapshot: (): NoteDeleteSnapshot => actor.getSnapshot() }
  }

  it('asks first; once confirmed the note is hidden, the request sent, and done on a relay’s yes', async () => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'delete.requested', request: OWN })
    expect(snapshot().matches('confirming')).toBe(true)
    expect(fakes.hidden).toEqual([])
    expect(fakes.recorder.requests).toEqual([])
    actor.send({ type: 'delete.confirmed' })
    expect(fakes.hidden).toEqual([NOTE])
    expect(fakes.recorder.pending('publish').input).toEqual({
      note: NOTE,
      user: USER,
      relays: RELAYS,
      reason: '',
    })
    fakes.recorder.pending('publish').resolve(published)
    await settle()
    expect(snapshot().matches('done')).toBe(true)
    expect(fakes.rolledBack).toEqual([])
  })

  it('cancelled: nothing hidden, nothing sent', () => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'delete.requested', request: OWN })
    actor.send({ type: 'delete.cancelled' })
    expect(snapshot().matches('idle')).toBe(true)
    expect(fakes.hidden).toEqual([])
    expect(fakes.recorder.requests).toEqual([])
  })

  it('no relay accepts: the note comes back with "Delete failed" and every answer; Try again sends it again', async () => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'delete.requested', request: OWN })
    actor.send({ type: 'delete.confirmed', reason: 'typo' })
    fakes.recorder.pending('publish').reject(new Error(PUBLISH_FAILED))
    await settle()
    expect(snapshot().matches('failed')).toBe(true)
    expect(fakes.rolledBack).toEqual([NOTE])
    expect(snapshot().context).toMatchObject({ error: 'Delete failed', detail: PUBLISH_FAILED })

    actor.send({ type: 'delete.confirmed' })
    expect(snapshot().matches('publishing')).toBe(true)
    expect(fakes.hidden).toEqual([NOTE, NOTE])
    // The reason given the first time goes again.
    expect((fakes.recorder.pending('publish').input as PublishDeletionInput).reason).toBe('typo')
    expect(snapshot().context.error).toBeNull()
  })

  it.each([
    [request({ ready: false }), 'Nostr client not ready'],
    [request({ relays: [] }), 'No relays configured'],
    [VISITOR, 'Log in to delete your notes'],
    [NOT_OWN, 'Only its author can delete a note'],
  ])('refuses %o with its message, touching nothing', (r, message) => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'delete.requested', request: r })
    expect(snapshot().matches('rejected')).toBe(true)
    expect(snapshot().context.error).toBe(message)
    actor.send({ type: 'delete.confirmed' })
    expect(snapshot().matches('rejected')).toBe(true)
    expect(fakes.hidden).toEqual([])
    expect(fakes.recorder.requests).toEqual([])
  })

  it('one deletion at a time: a request while one is out is ignored', () => {
    const { actor, fakes, snapshot } = start()
    actor.send({ type: 'delete.requested', request: OWN })
    actor.send({ type: 'delete.confirmed' })
    actor.send({
      type: 'delete.requested',
      request: request({ note: { ...NOTE, id: '44'.repeat(32) } }),
    })
    actor.send({ type: 'delete.cancelled' })
    expect(deletingNote(snapshot())).toEqual(NOTE)
    expect(fakes.recorder.requests).toHaveLength(1)
  })
})

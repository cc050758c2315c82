import { describe, expect, it, vi } from 'vitest'
import { assign, createActor, setup } from 'xstate'
import { lazyActor } from '../../../../src/actors/platform/lazy-actor.ts'

/** A real actor that keeps the words it is sent, in order. */
const recorder = setup({
  types: { context: {} as { words: string[] }, events: {} as { type: 'say'; word: string } },
}).createMachine({
  context: { words: [] },
  on: {
    say: { actions: assign({ words: ({ context, event }) => [...context.words, event.word] }) },
  },
})

const started = () => createActor(recorder).start()

describe('lazyActor', () => {
  it('holds events sent while the code loads and delivers them in order', async () => {
    let resolve: (actor: ReturnType<typeof started>) => void = () => {}
    const handle = lazyActor(
      'recorder',
      () => new Promise<ReturnType<typeof started>>((r) => (resolve = r)),
    )
    handle.send({ type: 'say', word: 'one' })
    handle.send({ type: 'say', word: 'two' })
    expect(handle.actor()).toBeUndefined()
    const actor = started()
    resolve(actor)
    await handle.load()
    handle.send({ type: 'say', word: 'three' })
    expect(actor.getSnapshot().context.words).toEqual(['one', 'two', 'three'])
  })

  it('loads once and tells subscribers when the actor runs', async () => {
    const start = vi.fn(async () => started())
    const handle = lazyActor('recorder', start)
    const listener = vi.fn()
    handle.subscribe(listener)
    handle.start()
    handle.start()
    const actor = await handle.load()
    expect(start).toHaveBeenCalledTimes(1)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(handle.actor()).toBe(actor)
  })

  it('tries again after a failed load (a chunk that could not be fetched offline)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let attempts = 0
    const handle = lazyActor('recorder', async () => {
      attempts += 1
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module')
      return started()
    })
    handle.send({ type: 'say', word: 'lost' })
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('The recorder failed to load', expect.any(Error)),
    )
    handle.send({ type: 'say', word: 'kept' })
    const actor = await handle.load()
    expect(attempts).toBe(2)
    expect(actor.getSnapshot().context.words).toEqual(['kept'])
    warn.mockRestore()
  })
})

import { verifyEvent } from 'nostr-tools/pure'
import { initNostrWasm } from 'nostr-wasm'
import { describe, expect, it } from 'vitest'
import { checkEvent } from '../../../../src/core/relays/check-event.ts'
import { WARM_UP_EVENT } from '../../../../src/core/relays/warm-up-event.ts'

describe('WARM_UP_EVENT', () => {
  it("holds, so its check runs to the end (nostr-tools' check and nostr-wasm's)", async () => {
    expect(verifyEvent({ ...WARM_UP_EVENT })).toBe(true)
    const wasm = await initNostrWasm()
    expect(checkEvent(WARM_UP_EVENT, (event) => wasm.verifyEvent(event))).toBe(true)
  })
})

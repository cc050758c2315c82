import { describe, expect, it } from 'vitest'
import { whenOnline } from '../../../../src/actors/platform/online.ts'

describe('whenOnline', () => {
  it('is true at once when the browser reports a network', async () => {
    const network = new EventTarget()
    await expect(whenOnline(60_000, { online: () => true, network })).resolves.toBe(true)
  })

  it("is true on 'online', then stops listening", async () => {
    const network = new EventTarget()
    let online = false
    const listening = new Set<unknown>()
    const watched = {
      addEventListener: (type: string, listener: EventListenerOrEventListenerObject | null) => {
        listening.add(listener)
        network.addEventListener(type, listener)
      },
      removeEventListener: (type: string, listener: EventListenerOrEventListenerObject | null) => {
        listening.delete(listener)
        network.removeEventListener(type, listener)
      },
    }
    const ready = whenOnline(60_000, { online: () => online, network: watched })
    network.dispatchEvent(new Event('online')) // announced, but navigator.onLine still says no
    online = true
    network.dispatchEvent(new Event('online'))
    await expect(ready).resolves.toBe(true)
    expect(listening.size).toBe(0)
  })

  it('is false when still offline after the wait', async () => {
    const started = Date.now()
    await expect(
      whenOnline(200, { online: () => false, network: new EventTarget() }),
    ).resolves.toBe(false)
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
  })
})

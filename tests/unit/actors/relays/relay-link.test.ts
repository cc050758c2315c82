import { describe, expect, it, vi } from 'vitest'
import { type RelayLink, wantConnection } from '../../../../src/actors/relays/relay-link.ts'

type LinkState = Pick<RelayLink, 'isTrying' | 'isWaiting' | 'connect'>

function link(state: { trying: boolean; waiting?: boolean; connect?: boolean }) {
  const connect = vi.fn()
  const fields: LinkState = {
    isTrying: () => state.trying,
    isWaiting: state.waiting === undefined ? undefined : () => state.waiting === true,
    connect: state.connect === false ? undefined : connect,
  }
  return { link: fields as RelayLink, connect }
}

describe('wantConnection', () => {
  it('opens a relay that is not trying (kept idle, or given up)', () => {
    const { link: idle, connect } = link({ trying: false })
    expect(wantConnection(idle)).toBe(true)
    expect(connect).toHaveBeenCalledOnce()
  })

  it('has a relay waiting out its reconnect backoff try now', () => {
    const { link: waiting, connect } = link({ trying: true, waiting: true })
    expect(wantConnection(waiting)).toBe(true)
    expect(connect).toHaveBeenCalledOnce()
  })

  it('leaves a relay in an attempt alone', () => {
    const { link: opening, connect } = link({ trying: true, waiting: false })
    expect(wantConnection(opening)).toBe(true)
    expect(connect).not.toHaveBeenCalled()
  })

  it('is false for a relay that is not trying and cannot be opened from here', () => {
    expect(wantConnection(link({ trying: false, connect: false }).link)).toBe(false)
  })

  it('still waits for a relay in its backoff that cannot be asked to try now', () => {
    expect(wantConnection(link({ trying: true, waiting: true, connect: false }).link)).toBe(true)
  })
})

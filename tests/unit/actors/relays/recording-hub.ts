/**
 * A real hub that also notes what each request named (its filters, relays and reason) before
 * passing it on unchanged: the routing decisions a test checks, beside what the relays answer.
 */
import type { Filter } from 'nostr-tools/filter'
import type { RelayHub, RequestOptions } from '../../../../src/actors/relays/relay-hub.ts'

export interface Asked extends RequestOptions {
  filters: Filter[]
  live: boolean
}

export function recordingHub(hub: RelayHub): { hub: RelayHub; asked: Asked[] } {
  const asked: Asked[] = []
  return {
    asked,
    hub: {
      ...hub,
      subscribe(filters, handlers, options) {
        asked.push({ filters, live: true, ...options })
        return hub.subscribe(filters, handlers, options)
      },
      query(filters, options) {
        asked.push({ filters, live: false, ...options })
        return hub.query(filters, options)
      },
    },
  }
}

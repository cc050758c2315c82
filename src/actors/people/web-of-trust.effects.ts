/**
 * The web-of-trust machine's effects: the follows' kind 3 lists asked of the user's relays (the
 * pool), in batches of at most 250 authors (core/people/web-of-trust.ts), each batch's lists sent
 * to the machine as it arrives. A batch no relay answers adds nothing; the others still count.
 */
import { fromCallback } from 'xstate'
import { authorBatches, followListsFilter, followListsOf } from '../../core/people/web-of-trust.ts'
import type {
  FetchListsInput,
  WebOfTrustEvent,
  webOfTrustMachine,
} from '../../machines/web-of-trust.machine.ts'
import type { RelayHub } from '../relays/relay-hub.ts'

export function webOfTrustEffects(hub: Pick<RelayHub, 'query'>) {
  return {
    actors: {
      fetchLists: fromCallback<WebOfTrustEvent, FetchListsInput>(({ input, sendBack }) => {
        let stopped = false
        const asks = authorBatches(input.follows).map(async (batch) => {
          const events = await hub.query([followListsFilter(batch)])
          if (!stopped) sendBack({ type: 'trust.lists', lists: [...followListsOf(events, batch)] })
        })
        void Promise.allSettled(asks).then(() => {
          if (!stopped) sendBack({ type: 'trust.fetched' })
        })
        return () => {
          stopped = true
        }
      }),
    },
  } satisfies Parameters<(typeof webOfTrustMachine)['provide']>[0]
}

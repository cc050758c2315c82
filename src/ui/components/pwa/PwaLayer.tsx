import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { FeedPage } from '../../../actors/feed-queries.ts'
import { whenIdle } from '../../../actors/when-idle.ts'
// The prompts' styles come with the entry's, inlined in index.html: a stylesheet the lazy chunk
// added as it loaded made the browser rebuild its style rules for the whole page, in that task
// (issue 10: some 30 ms on a desktop CPU, four times that on Lighthouse's phone).
import './pwa.css'

// The service worker, update and install prompts and the offline notice: their own chunk, loaded
// only once the feed has its first notes (or the page is another screen), the page has loaded and
// the main thread is idle, so nothing here is fetched before the first note.
const PwaPrompts = lazy(() => import('./PwaPrompts.tsx'))

/** Idle this long at most before the prompts load anyway. */
const IDLE_TIMEOUT_MS = 4000
/** A feed that never gets notes (no relay answers) does not keep the prompts away longer. */
const FEED_WAIT_MS = 10_000

/** A page of the feed's infinite query with rows in it (the live rows start empty: not them). */
const hasFeedData = (queryClient: QueryClient): boolean =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: ['feed'] })
    .some((query) => {
      const data = query.state.data as Partial<InfiniteData<FeedPage>> | undefined
      return data?.pages?.some((page) => page.entries.length > 0) ?? false
    })

/** Calls `run` once the feed has notes (at once off the feed), or after FEED_WAIT_MS. */
function afterFirstNotes(queryClient: QueryClient, run: () => void): () => void {
  if (window.location.pathname !== '/' || hasFeedData(queryClient)) {
    run()
    return () => {}
  }
  let done = false
  const finish = () => {
    if (done) return
    done = true
    unsubscribe()
    clearTimeout(timer)
    run()
  }
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (hasFeedData(queryClient)) finish()
  })
  const timer = setTimeout(finish, FEED_WAIT_MS)
  return () => {
    done = true
    unsubscribe()
    clearTimeout(timer)
  }
}

function afterLoadAndIdle(run: () => void): () => void {
  let cancelIdle = () => {}
  const idle = () => {
    cancelIdle = whenIdle(run, { timeoutMs: IDLE_TIMEOUT_MS, fallbackMs: 1 })
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
  return () => {
    window.removeEventListener('load', idle)
    cancelIdle()
  }
}

export function PwaLayer() {
  const queryClient = useQueryClient()
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let stopIdle = () => {}
    const stopWaiting = afterFirstNotes(queryClient, () => {
      stopIdle = afterLoadAndIdle(() => setReady(true))
    })
    return () => {
      stopWaiting()
      stopIdle()
    }
  }, [queryClient])
  return ready ? (
    <Suspense fallback={null}>
      <PwaPrompts />
    </Suspense>
  ) : null
}

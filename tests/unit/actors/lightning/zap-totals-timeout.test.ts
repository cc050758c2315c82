// The zap totals' bound on a lightning service that never answers (§9: LNURL parameters within
// 8 s, the zap's own rule), timed against a real HTTP server on 127.0.0.1 that accepts the request
// and stays silent. Node's own fetch, which honours the abort signal as browsers do.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { QueryClient } from '@tanstack/react-query'
import { expect, it } from 'vitest'
import { lnurlPayQueryOptions } from '../../../../src/actors/lightning/zap-totals.ts'

it('gives up on a service that never answers after 8 s, with no total', async () => {
  const silent = createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const { port } = silent.address() as AddressInfo
  try {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const started = performance.now()
    const params = await queryClient.fetchQuery(
      lnurlPayQueryOptions(`http://127.0.0.1:${port}/.well-known/lnurlp/ann`),
    )
    const waited = performance.now() - started
    expect(params).toBeNull()
    expect(waited).toBeGreaterThanOrEqual(7_900)
    expect(waited).toBeLessThan(9_500)
  } finally {
    silent.closeAllConnections()
    await new Promise((resolve) => silent.close(resolve))
  }
})

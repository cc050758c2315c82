/**
 * Receiving a 64-proof token with DLEQ proofs: the test mint (tests/peers/mint) on
 * 127.0.0.1, a token of 64 one-sat proofs minted for each run in Node, and the built app in a
 * fresh browser context, logged in with a new account (a wallet created by one run is backed up
 * on the relay, NIP-60, and the next run with the same account would restore it instead) and a
 * new wallet that knows the mint. From the click on
 * Receive until the balance reads 64 sats: the time (median of the runs, under 1 s) and the
 * longest main-thread task (worst run, at most 50 ms), with the heartbeat gap as a cross-check.
 */
import { nsecEncode } from 'nostr-tools/nip19'
import { generateSecretKey } from 'nostr-tools/pure'
import type { Page } from 'playwright-core'
import { createFakeLightning } from '../tests/peers/fake-lightning.ts'
import { type MintHandle, startMint } from '../tests/peers/mint/server.ts'
import { mintToken } from './cashu-token.ts'
import { type ClickRun, runClick } from './click-run.ts'
import type { BenchContext, Measure } from './context.ts'
import { mainThreadProbe, type Responsiveness } from './main-thread.ts'
import { median, round } from './stats.ts'
import type { Row } from './table.ts'

export const PROOFS = 64

const RECEIVED_PROBE = mainThreadProbe(`() => {
    const total = document.querySelector('[data-testid="cashu-total"]')
    return total !== null && total.textContent.trim() === '${PROOFS} sats'
  }`)

const total = (page: Page) => page.getByTestId('cashu-total')

/** Logs in, creates the wallet, adds the mint and fills in the token: Receive not yet clicked. */
export async function prepareReceive(page: Page, nsec: string, mintUrl: string, token: string) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Nsec Secret Key' }).click()
  const login = page.getByRole('dialog', { name: 'Nsec Secret Key' })
  await login.getByLabel('Secret key').fill(nsec)
  await login.getByRole('button', { name: 'Log in' }).click()
  await page
    .getByTestId('key-status')
    .filter({ hasText: /^Key: Unlocked$/ })
    .waitFor()
  await page.getByRole('link', { name: 'Open Ecash Wallet' }).click()
  await page.getByRole('button', { name: 'Create wallet' }).click()
  await page.getByRole('button', { name: 'I have written them down' }).click()
  await total(page)
    .filter({ hasText: /^0 sats$/ })
    .waitFor()
  await page.getByRole('link', { name: 'Balance' }).click()
  await page.getByLabel('Mint URL').fill(mintUrl)
  await page.getByRole('button', { name: 'Add mint' }).click()
  await page.getByTestId('cashu-mint-balance').waitFor()
  await page.getByRole('link', { name: 'Receive' }).click()
  await page.getByLabel('Token').fill(token)
}

export const clickReceive = (page: Page) =>
  page.getByRole('button', { name: 'Receive', exact: true }).click()

type RunResult = ClickRun<{ mintSwapMs: number }>

/** The swap request, sent to its answer: the test mint's share of the window. */
const SWAP_DURATION = `performance.getEntriesByType('resource')
  .filter((entry) => entry.name.endsWith('/v1/swap'))
  .reduce((total, entry) => total + entry.duration, 0)`

const runOnce = async (context: BenchContext, mint: MintHandle) => {
  const nsec = nsecEncode(generateSecretKey())
  const token = await mintToken(mint, PROOFS)
  return runClick(context, {
    probe: RECEIVED_PROBE,
    prepare: (page) => prepareReceive(page, nsec, mint.url, token),
    submit: clickReceive,
    read: async (page) => ({ mintSwapMs: Number(await page.evaluate(SWAP_DURATION)) }),
  })
}

function rows(runs: RunResult[]): Row[] {
  const perRun = (key: keyof Responsiveness | 'mintSwapMs') => runs.map((run) => round(run[key]))
  const worst = (key: keyof Responsiveness) => Math.max(...perRun(key))
  const problems = [...new Set(runs.flatMap((run) => run.problems))]
  return [
    {
      name: `Receive a ${PROOFS}-proof token with DLEQ checks, click to balance (median of ${runs.length})`,
      unit: 'ms',
      value: round(median(perRun('windowMs'))),
      reference: null,
      target: { max: 1000, inclusive: false },
      details: { perRun: perRun('windowMs'), mintSwapMsPerRun: perRun('mintSwapMs'), problems },
    },
    {
      name: `Longest main-thread task, receiving that token (worst of ${runs.length}; 0 = none over 50 ms)`,
      unit: 'ms',
      value: worst('longestTaskMs'),
      reference: null,
      target: { max: 50, inclusive: true },
      details: {
        perRun: perRun('longestTaskMs'),
        median: median(perRun('longestTaskMs')),
        longTasksPerRun: perRun('longTasks'),
        longestTaskInNextSecondMs: perRun('longestTaskAfterMs'),
        quietBeforeClick: runs.map((run) => run.quietBefore),
      },
    },
    {
      name: '  cross-check: longest setTimeout heartbeat gap, same window',
      unit: 'ms',
      value: worst('timeoutGapMs'),
      reference: null,
      target: null,
      details: { perRun: perRun('timeoutGapMs'), animationFrameGapMs: perRun('frameGapMs') },
    },
  ]
}

export const cashuReceive: Measure = {
  name: 'cashu receive',
  async run(context) {
    const mint = await startMint({ name: 'Bench Mint', lightning: createFakeLightning() })
    try {
      const runs: RunResult[] = []
      for (let run = 1; run <= context.runs; run++) {
        const result = await runOnce(context, mint)
        runs.push(result)
        console.error(
          `cashu receive ${run}/${context.runs}: click to balance ${result.windowMs.toFixed(0)} ms (mint swap ${result.mintSwapMs.toFixed(0)} ms), longest task ${result.longestTaskMs.toFixed(0)} ms, heartbeat gap ${result.timeoutGapMs.toFixed(0)} ms`,
        )
      }
      return rows(runs)
    } finally {
      await mint.stop()
    }
  },
}

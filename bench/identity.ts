/**
 * Rows 7 to 10: does the main thread stay responsive while a key is unlocked? Through the real
 * UI of the built app (selectors as in tests/e2e/identity.spec.ts), each run in a fresh browser
 * context: (a) an nsec saved under a passphrase, the page reloaded, the key unlocked (PBKDF2 in
 * WebCrypto); (b) a log-in with an ncryptsec (scrypt log_n 16 in the NIP-49 worker). From the
 * click until 'Key: Unlocked': the longest long task, and the longest heartbeat gap beside it.
 * Budgets hold on every run, so rows report the worst run.
 */
import { decode, nsecEncode } from 'nostr-tools/nip19'
import { encrypt as ncryptsecEncrypt } from 'nostr-tools/nip49'
import { generateSecretKey } from 'nostr-tools/pure'
import type { Page } from 'playwright-core'
import { type ClickRun, type ClickScenario, runClick } from './click-run.ts'
import type { BenchContext, Measure } from './context.ts'
import { MAIN_THREAD_PROBE, type Responsiveness } from './main-thread.ts'
import { round } from './stats.ts'
import type { Row, Target } from './table.ts'

const RUNS = 3
const PASSPHRASE = 'correct horse battery'

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const keyStatus = (page: Page) => page.getByTestId('key-status')

type Scenario = ClickScenario<object>
type RunResult = ClickRun

/** Log in with the nsec saved under a passphrase, reload (locked), fill in the unlock form. */
const unlockSaved = (nsec: string): Scenario => ({
  probe: MAIN_THREAD_PROBE,
  async prepare(page) {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Nsec Secret Key' }).click()
    const login = dialog(page, 'Nsec Secret Key')
    await login.getByLabel('Secret key').fill(nsec)
    await login.getByLabel('Remember on this device, encrypted with a passphrase').check()
    await login.getByLabel('Passphrase (at least 8 characters)').fill(PASSPHRASE)
    await login.getByLabel('Confirm passphrase').fill(PASSPHRASE)
    await login.getByRole('button', { name: 'Log in' }).click()
    await keyStatus(page)
      .filter({ hasText: /^Key: Unlocked$/ })
      .waitFor()
    await page.getByRole('button', { name: 'View nsec' }).waitFor() // saved by now
    await page.reload()
    await keyStatus(page)
      .filter({ hasText: /^Key: Locked/ })
      .waitFor()
    await page.getByRole('button', { name: 'Unlock key' }).click()
    await dialog(page, 'Unlock saved key').getByLabel('Passphrase').fill(PASSPHRASE)
  },
  submit: (page) =>
    dialog(page, 'Unlock saved key').getByRole('button', { name: 'Unlock & Continue' }).click(),
})

/** Paste an ncryptsec and its passphrase into the nsec form. */
const ncryptsecLogin = (ncryptsec: string): Scenario => ({
  probe: MAIN_THREAD_PROBE,
  async prepare(page) {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Nsec Secret Key' }).click()
    const login = dialog(page, 'Nsec Secret Key')
    await login.getByLabel('Secret key').fill(ncryptsec)
    await login.getByLabel('Passphrase of this ncryptsec').fill(PASSPHRASE)
  },
  submit: (page) => dialog(page, 'Nsec Secret Key').getByRole('button', { name: 'Log in' }).click(),
})

/** The longest-task row (with the budget) and its heartbeat cross-check, worst of the runs. */
function rows(label: string, target: Target, runs: RunResult[]): Row[] {
  const worst = (key: keyof Responsiveness) => round(Math.max(...runs.map((run) => run[key])))
  const perRun = (key: keyof Responsiveness) => runs.map((run) => round(run[key]))
  const problems = [...new Set(runs.flatMap((run) => run.problems))]
  return [
    {
      name: `Longest main-thread task, ${label} (worst of ${runs.length}; 0 = none over 50 ms)`,
      unit: 'ms',
      value: worst('longestTaskMs'),
      reference: null,
      target,
      details: {
        perRun: perRun('longestTaskMs'),
        longTasksPerRun: perRun('longTasks'),
        clickToUnlockedMs: perRun('windowMs'),
        longestTaskInNextSecondMs: perRun('longestTaskAfterMs'),
        quietBeforeClick: runs.map((run) => run.quietBefore),
        problems,
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

async function repeat(
  context: BenchContext,
  label: string,
  scenario: Scenario,
): Promise<RunResult[]> {
  const runs: RunResult[] = []
  for (let run = 1; run <= RUNS; run++) {
    const result = await runClick(context, scenario)
    runs.push(result)
    console.error(
      `${label} ${run}/${RUNS}: longest task ${result.longestTaskMs.toFixed(0)} ms, heartbeat gap ${result.timeoutGapMs.toFixed(0)} ms, click to unlocked ${result.windowMs.toFixed(0)} ms`,
    )
  }
  return runs
}

/** The seeded account when there is one: unlocking it is what its user would do. */
const accountNsec = (context: BenchContext): string =>
  context.account?.nsec ?? nsecEncode(generateSecretKey())

function secretOf(nsec: string): Uint8Array {
  const decoded = decode(nsec)
  if (decoded.type !== 'nsec') throw new Error('the bench account has no nsec')
  return decoded.data
}

export const unlockResponsiveness: Measure = {
  name: 'unlock responsiveness',
  async run(context) {
    const runs = await repeat(context, 'unlock', unlockSaved(accountNsec(context)))
    return rows('unlocking a saved key', { max: 50, inclusive: true }, runs)
  },
}

export const ncryptsecResponsiveness: Measure = {
  name: 'ncryptsec responsiveness',
  async run(context) {
    const nsec = accountNsec(context)
    const ncryptsec = ncryptsecEncrypt(secretOf(nsec), PASSPHRASE, 16)
    const runs = await repeat(context, 'ncryptsec', ncryptsecLogin(ncryptsec))
    return rows('ncryptsec login, scrypt log_n 16', { max: 50, inclusive: false }, runs)
  },
}

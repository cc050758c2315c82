/**
 * Rows 5 and 6: unlocking a saved key is one PBKDF2-SHA256 derivation (250,000 rounds). The app's
 * path (WebCrypto) against the same derivation in JavaScript (@noble/hashes), both in Chromium on
 * a page that runs the app's own module bundled by Vite, same passphrase, salt, rounds and length,
 * interleaved run by run after one discarded warm-up each. Node's PBKDF2 checks the output.
 */
import { pbkdf2Sync, randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { bundleModule } from '../scripts/bundle-module.ts'
import { DERIVED_KEY_BYTES, KEY_ITERATIONS } from '../src/core/identity/key-encryption.ts'
import type { Measure } from './context.ts'
import type { KdfKind, KdfTiming } from './kdf-page.ts'
import { waitForGlobal } from './page-wait.ts'
import { median, round } from './stats.ts'

const RUNS = 5
const PASSPHRASE = 'correct horse battery'
/** Not a real host: Playwright answers it, and 127.0.0.1 is a secure context (crypto.subtle). */
const PAGE_URL = 'http://127.0.0.1:9/kdf/'

function parseTiming(value: unknown): KdfTiming {
  const record = (value ?? {}) as Partial<Record<keyof KdfTiming, unknown>>
  if (typeof record.ms !== 'number' || typeof record.hex !== 'string') {
    throw new Error(`unexpected derivation result: ${JSON.stringify(value)}`)
  }
  return { ms: record.ms, hex: record.hex }
}

export const unlockDerivation: Measure = {
  name: 'unlock derivation',
  async run(context) {
    const code = await bundleModule(fileURLToPath(new URL('./kdf-page.ts', import.meta.url)), 'es')
    const salt = randomBytes(16)
    const expected = pbkdf2Sync(PASSPHRASE, salt, KEY_ITERATIONS, DERIVED_KEY_BYTES, 'sha256')
    const browserContext = await context.browser.newContext()
    try {
      const page = await browserContext.newPage()
      const html =
        '<!doctype html><meta charset="utf-8"><title>KDF</title><script type="module" src="kdf.js"></script>'
      await page.route(`${PAGE_URL}**`, (route) =>
        route.request().url().endsWith('/kdf.js')
          ? route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: code })
          : route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
      )
      await page.goto(PAGE_URL)
      await waitForGlobal(page, '__benchKdf')
      const derive = async (kind: KdfKind): Promise<KdfTiming> => {
        const args = [kind, PASSPHRASE, salt.toString('hex'), KEY_ITERATIONS]
        const timing = parseTiming(
          await page.evaluate(`globalThis.__benchKdf(...${JSON.stringify(args)})`),
        )
        if (timing.hex !== expected.toString('hex')) {
          throw new Error(`${kind} PBKDF2 in Chromium disagrees with Node's`)
        }
        return timing
      }
      await derive('webcrypto')
      await derive('js')
      const runs: Record<KdfKind, number[]> = { webcrypto: [], js: [] }
      for (let run = 0; run < RUNS; run++) {
        for (const kind of ['webcrypto', 'js'] as const) {
          runs[kind].push(round((await derive(kind)).ms))
        }
      }
      console.error(
        `PBKDF2 ms, WebCrypto: ${runs.webcrypto.join(', ')}; JavaScript: ${runs.js.join(', ')}`,
      )
      const webcrypto = median(runs.webcrypto)
      const js = median(runs.js)
      const rounds = KEY_ITERATIONS.toLocaleString('en-US')
      return [
        {
          name: `Unlock: PBKDF2-SHA256 ${rounds} rounds, WebCrypto (median of ${RUNS})`,
          unit: 'ms',
          value: webcrypto,
          reference: null,
          target: null,
          details: { perRun: runs.webcrypto, sameKeyAsNode: true },
        },
        {
          name: `Unlock: same PBKDF2 in JS, @noble/hashes (median of ${RUNS}; ratio JS/WebCrypto)`,
          unit: 'ms',
          value: js,
          reference: webcrypto,
          target: null,
          details: {
            perRun: runs.js,
            sameKeyAsNode: true,
            jsOverWebCrypto: round(js / webcrypto, 2),
          },
        },
      ]
    } finally {
      await browserContext.close()
    }
  },
}

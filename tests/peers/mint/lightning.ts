/**
 * The mint's Lightning backend: the shared fake ledger of tests/peers/fake-lightning.ts, so an
 * invoice the mint issues can be paid by the NWC test wallet (or a test), and the mint can pay
 * invoices other peers issued on it. Amounts are read from the BOLT 11 invoice itself.
 */
import { createHash } from 'node:crypto'
import bolt11 from 'bolt11'
import type { FakeLightning } from '../fake-lightning.ts'

const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] }

export interface MintBackend {
  /** A regtest invoice for `amount` sats committing to the description (sha256). */
  invoice(amountSat: number, description: string): string
  /** Amount in sats of an invoice, or undefined for an amountless or undecodable one. */
  amountSat(invoice: string): number | undefined
  /** Pays an invoice of the ledger; returns the preimage; throws when it cannot. */
  pay(invoice: string): string
  /** Listens for payments of invoices; returns an unsubscribe function. */
  onPaid(listener: (invoice: string) => void): () => void
}

export function lightningBackend(ledger: FakeLightning): MintBackend {
  return {
    invoice: (amountSat, description) =>
      ledger.create(amountSat * 1000, createHash('sha256').update(description).digest('hex')),
    amountSat: (invoice) => {
      try {
        const decoded = bolt11.decode(invoice, REGTEST)
        const msat = decoded.millisatoshis ? Number(decoded.millisatoshis) : 0
        return msat > 0 ? Math.ceil(msat / 1000) : undefined
      } catch {
        return undefined
      }
    },
    pay: (invoice) => ledger.pay(invoice),
    onPaid: (listener) => ledger.onPaid((paid) => listener(paid.invoice)),
  }
}

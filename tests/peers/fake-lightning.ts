/**
 * A shared in-memory Lightning ledger for the test peers: the LNURL server creates invoices on it,
 * the NWC test wallet (and the browser tests, standing in for an outside wallet) pays them, and
 * whoever waits on a payment hears of it. Invoices are real BOLT 11, regtest (`lnbcrt`), signed
 * with `bolt11` by this ledger's node key, so a wallet that decodes them sees a valid invoice.
 *
 * One ledger per process by default (`fakeLightning`), so two peers started in one test process
 * share it without passing it around; `createFakeLightning()` makes a private one.
 */
import { createHash, randomBytes } from 'node:crypto'
import bolt11 from 'bolt11'

/** bolt11's regtest network parameters (it exports no constant for them). */
const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] }

export interface PaidInvoice {
  invoice: string
  amountMsat: number
  paymentHash: string
  preimage: string
  /** Unix seconds. */
  paidAt: number
}

export interface InvoiceRecord {
  invoice: string
  amountMsat: number
  /** Hex sha256 of the description the invoice commits to (the zap request for zaps). */
  descriptionHash: string
  paymentHash: string
  preimage: string
  paid: boolean
}

export interface FakeLightning {
  /** A new signed regtest invoice for this amount committing to this description hash (hex). */
  create(amountMsat: number, descriptionHash: string, expirySeconds?: number): string
  /** Pays an invoice of this ledger; throws for unknown or already paid ones. Returns the preimage. */
  pay(invoice: string): string
  /** The invoice's record, or undefined when the ledger did not issue it. */
  lookup(invoice: string): InvoiceRecord | undefined
  /** Called for every payment from now on; returns an unsubscribe function. */
  onPaid(listener: (paid: PaidInvoice) => void): () => void
  /** The node's public key (hex, compressed), as a wallet would see it in the invoice. */
  nodePubkey: string
}

const sha256Hex = (data: Buffer): string => createHash('sha256').update(data).digest('hex')

export function createFakeLightning(): FakeLightning {
  const nodeKey = randomBytes(32)
  const invoices = new Map<string, InvoiceRecord>()
  const listeners = new Set<(paid: PaidInvoice) => void>()

  const create = (amountMsat: number, descriptionHash: string, expirySeconds = 3600): string => {
    if (!Number.isSafeInteger(amountMsat) || amountMsat <= 0) {
      throw new Error(`fake-lightning: bad amount ${amountMsat}`)
    }
    if (!/^[0-9a-f]{64}$/.test(descriptionHash)) {
      throw new Error('fake-lightning: description hash must be 64 hex characters')
    }
    const preimage = randomBytes(32)
    const paymentHash = sha256Hex(preimage)
    const unsigned = bolt11.encode({
      network: REGTEST,
      millisatoshis: String(amountMsat),
      timestamp: Math.floor(Date.now() / 1000),
      tags: [
        { tagName: 'payment_hash', data: paymentHash },
        { tagName: 'payment_secret', data: randomBytes(32).toString('hex') },
        { tagName: 'purpose_commit_hash', data: descriptionHash },
        { tagName: 'expire_time', data: expirySeconds },
      ],
    })
    const invoice = bolt11.sign(unsigned, nodeKey).paymentRequest
    if (!invoice) throw new Error('fake-lightning: bolt11 did not sign the invoice')
    invoices.set(invoice, {
      invoice,
      amountMsat,
      descriptionHash,
      paymentHash,
      preimage: preimage.toString('hex'),
      paid: false,
    })
    return invoice
  }

  const pay = (invoice: string): string => {
    const record = invoices.get(invoice.trim().toLowerCase())
    if (!record) throw new Error('fake-lightning: unknown invoice')
    if (record.paid) throw new Error('fake-lightning: invoice already paid')
    record.paid = true
    const paid: PaidInvoice = {
      invoice: record.invoice,
      amountMsat: record.amountMsat,
      paymentHash: record.paymentHash,
      preimage: record.preimage,
      paidAt: Math.floor(Date.now() / 1000),
    }
    for (const listener of listeners) listener(paid)
    return record.preimage
  }

  const nodePubkey = bolt11.decode(
    bolt11.sign(
      bolt11.encode({
        network: REGTEST,
        tags: [{ tagName: 'payment_hash', data: '00'.repeat(32) }],
      }),
      nodeKey,
    ).paymentRequest ?? '',
    REGTEST,
  ).payeeNodeKey

  return {
    create,
    pay,
    lookup: (invoice) => invoices.get(invoice.trim().toLowerCase()),
    onPaid: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    nodePubkey: nodePubkey ?? '',
  }
}

/** The process-wide ledger the LNURL server and the NWC test wallet share. */
export const fakeLightning: FakeLightning = createFakeLightning()

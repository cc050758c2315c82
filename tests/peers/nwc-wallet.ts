/**
 * The remote wallet for tests and the demo: the real NIP-47 wallet service of @getalby/sdk
 * (`NWCWalletService`) on one of our relays, over a fake Lightning backend (fake-lightning.ts:
 * signed regtest invoices on a shared ledger). Its balance moves: paying an invoice takes the
 * amount, and an invoice it made adds its amount once someone pays it on the ledger.
 *
 * Faults: `mode: 'silent'` publishes the info event but never answers a request; `mode:
 * 'garbled'` answers with content no client can decrypt.
 */
import { createHash, randomBytes } from 'node:crypto'
import { NWCWalletService, NWCWalletServiceKeyPair } from '@getalby/sdk/nwc'
import bolt11 from 'bolt11'
import { getPublicKey } from 'nostr-tools/pure'
import { WebSocket } from 'ws'
import { type FakeLightning, fakeLightning } from './fake-lightning.ts'

// The service's relay pool uses the global WebSocket, which Node 20 lacks.
if (!('WebSocket' in globalThis)) Object.assign(globalThis, { WebSocket })

export const NWC_METHODS = [
  'get_info',
  'get_balance',
  'pay_invoice',
  'make_invoice',
  'list_transactions',
] as const

export interface NwcWalletOptions {
  relayUrl: string
  /** Starting balance in millisats (default 100,000 sats). */
  balanceMsat?: number
  lightning?: FakeLightning
  mode?: 'answer' | 'silent' | 'garbled'
  /** Publish the info event (kind 13194); without it clients fall back to NIP-04. */
  publishInfo?: boolean
  alias?: string
  /** The service's and its one client's secret keys (hex): a pairing that outlives a restart. */
  secrets?: NwcWalletSecrets
}

export interface NwcWalletSecrets {
  wallet: string
  client: string
}

export interface WalletTransaction {
  type: 'incoming' | 'outgoing'
  state: 'settled' | 'pending'
  invoice: string
  description: string
  description_hash: string
  preimage: string
  payment_hash: string
  amount: number
  fees_paid: number
  created_at: number
  settled_at: number
  expires_at: number
}

export interface NwcWalletHandle {
  /** nostr+walletconnect://… for the one client this wallet serves. */
  pairingCode: string
  /**
   * Both secrets (hex): to start the same wallet again (options.secrets), and the client's, which
   * the pairing code holds, for storage scans.
   */
  secrets: NwcWalletSecrets
  walletPubkey: string
  balanceMsat(): number
  transactions(): WalletTransaction[]
  /** Requests the service received (the silent one too), by method. */
  requests(): string[]
  close(): Promise<void>
}

type Response<T> = Promise<{
  result: T | undefined
  error: { code: string; message: string } | undefined
}>
const ok = <T>(result: T): Response<T> => Promise.resolve({ result, error: undefined })
const fail = <T>(code: string, message: string): Response<T> =>
  Promise.resolve({ result: undefined, error: { code, message } })

const now = () => Math.floor(Date.now() / 1000)
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

function invoiceAmountMsat(invoice: string): number | null {
  try {
    const decoded = bolt11.decode(invoice)
    return decoded.millisatoshis ? Number(decoded.millisatoshis) : null
  } catch {
    return null
  }
}

export async function startNwcWallet(options: NwcWalletOptions): Promise<NwcWalletHandle> {
  const lightning = options.lightning ?? fakeLightning
  const walletSecret = options.secrets?.wallet ?? randomBytes(32).toString('hex')
  const clientSecret = options.secrets?.client ?? randomBytes(32).toString('hex')
  const clientPubkey = getPublicKey(Buffer.from(clientSecret, 'hex'))
  const keypair = new NWCWalletServiceKeyPair(walletSecret, clientPubkey)
  const service = new NWCWalletService({ relayUrls: [options.relayUrl] })
  let balance = options.balanceMsat ?? 100_000_000
  const transactions: WalletTransaction[] = []
  const requests: string[] = []
  const made = new Map<string, WalletTransaction>()
  if (options.mode === 'garbled') service.encrypt = async () => 'not a ciphertext'
  // The service sends replies without awaiting them: one still in flight when the wallet closes
  // would reject unhandled. Once closing, such failures are dropped.
  let closing = false
  const publish = service.pool.publish.bind(service.pool)
  service.pool.publish = (relays, event) =>
    publish(relays, event).map((sent) =>
      sent.catch((error: unknown) => {
        if (closing) return new Promise<string>(() => {})
        throw error
      }),
    )

  // An invoice this wallet made, paid by anyone on the ledger: the balance rises.
  const unsubscribePaid = lightning.onPaid((paid) => {
    const transaction = made.get(paid.paymentHash)
    if (!transaction || transaction.state === 'settled') return
    transaction.state = 'settled'
    transaction.settled_at = paid.paidAt
    transaction.preimage = paid.preimage
    balance += paid.amountMsat
  })

  const record =
    <T>(method: string, answer: () => Response<T>) =>
    () => {
      requests.push(method)
      return answer()
    }
  const silent =
    <T>(method: string) =>
    () => {
      requests.push(method)
      return new Promise<never>(() => {}) as Response<T>
    }
  const answering = options.mode !== 'silent'

  if (options.publishInfo !== false) {
    await service.publishWalletServiceInfoEvent(walletSecret, [...NWC_METHODS], [])
  }
  const unsubscribe = await service.subscribe(
    keypair,
    answering
      ? {
          getInfo: record('get_info', () =>
            ok({
              alias: options.alias ?? 'Plume Test Wallet',
              color: '#f7931a',
              pubkey: lightning.nodePubkey,
              network: 'regtest',
              block_height: 1,
              block_hash: '00'.repeat(32),
              methods: [...NWC_METHODS],
              notifications: [],
            }),
          ),
          getBalance: record('get_balance', () => ok({ balance })),
          payInvoice: (request) => {
            requests.push('pay_invoice')
            const amount =
              lightning.lookup(request.invoice)?.amountMsat ?? invoiceAmountMsat(request.invoice)
            if (amount === null) return fail('OTHER', 'The invoice names no amount')
            if (amount > balance) return fail('INSUFFICIENT_BALANCE', 'Insufficient balance')
            let preimage: string
            try {
              preimage = lightning.pay(request.invoice)
            } catch (error) {
              return fail('PAYMENT_FAILED', error instanceof Error ? error.message : String(error))
            }
            balance -= amount
            const paymentHash = lightning.lookup(request.invoice)?.paymentHash ?? ''
            transactions.unshift({
              type: 'outgoing',
              state: 'settled',
              invoice: request.invoice,
              description: '',
              description_hash: '',
              preimage,
              payment_hash: paymentHash,
              amount,
              fees_paid: 0,
              created_at: now(),
              settled_at: now(),
              expires_at: now() + 3600,
            })
            return ok({ preimage, fees_paid: 0 })
          },
          makeInvoice: (request) => {
            requests.push('make_invoice')
            const description = request.description ?? ''
            const invoice = lightning.create(request.amount, sha256Hex(description), request.expiry)
            const entry = lightning.lookup(invoice)!
            const transaction: WalletTransaction = {
              type: 'incoming',
              state: 'pending',
              invoice,
              description,
              description_hash: entry.descriptionHash,
              preimage: '',
              payment_hash: entry.paymentHash,
              amount: request.amount,
              fees_paid: 0,
              created_at: now(),
              settled_at: 0,
              expires_at: now() + (request.expiry ?? 3600),
            }
            made.set(entry.paymentHash, transaction)
            transactions.unshift(transaction)
            return ok(transaction)
          },
          listTransactions: record('list_transactions', () =>
            ok({ transactions: [...transactions], total_count: transactions.length }),
          ),
        }
      : {
          getInfo: silent('get_info'),
          getBalance: silent('get_balance'),
          payInvoice: silent('pay_invoice'),
          makeInvoice: silent('make_invoice'),
          listTransactions: silent('list_transactions'),
        },
  )

  const walletPubkey = keypair.walletPubkey
  return {
    pairingCode: `nostr+walletconnect://${walletPubkey}?relay=${encodeURIComponent(options.relayUrl)}&secret=${clientSecret}`,
    secrets: { wallet: walletSecret, client: clientSecret },
    walletPubkey,
    balanceMsat: () => balance,
    transactions: () => [...transactions],
    requests: () => [...requests],
    close: async () => {
      closing = true
      unsubscribe()
      unsubscribePaid()
      service.close()
    },
  }
}

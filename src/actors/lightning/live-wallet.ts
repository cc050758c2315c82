/**
 * An open wallet, whichever kind: a NIP-47 client on the wallet's relay, or the browser's WebLN
 * provider, behind one interface for the connection machine and the handle (payments, balance).
 */
import {
  MAKE_INVOICE_UNSUPPORTED,
  msatToSats,
  satsToMsat,
  type Transaction,
} from '../../core/lightning/nip47.ts'
import { parsePairingCode } from '../../core/lightning/nwc-uri.ts'
import { REQUEST_TIMEOUT_MS, type WalletInfo } from '../../core/lightning/wallet-connection.ts'
import type { ConnectRequest } from '../../machines/wallet-connection.machine.ts'
import { type NwcClient, openNwcClient } from './nwc-client.ts'
import { browserProvider, type WebLNProvider, weblnWallet } from './webln-wallet.ts'

export interface LiveWallet {
  info: WalletInfo
  payInvoice(invoice: string): Promise<{ preimage: string }>
  /** Sats, or null when the wallet does not tell. */
  balance(): Promise<number | null>
  makeInvoice(amountSats: number, description: string): Promise<{ invoice: string }>
  listTransactions(): Promise<Transaction[]>
  close(): void
}

export interface LiveWalletEnv {
  /** Node tests pass `ws`; browsers have their own. */
  WebSocket?: typeof WebSocket
  /** The WebLN provider; by default `window.webln`. */
  webln?: () => WebLNProvider | undefined
}

export async function openLiveWallet(
  request: ConnectRequest,
  env: LiveWalletEnv = {},
): Promise<LiveWallet> {
  if (request.target.type === 'webln') return openWebln(env)
  const code = parsePairingCode(request.target.pairing.reveal())
  const client = await openNwcClient(code, {
    connectTimeoutMs: request.timeoutMs,
    WebSocket: env.WebSocket,
  })
  try {
    return await nwcWallet(client, request.timeoutMs, code.lud16)
  } catch (error) {
    client.close()
    throw error
  }
}

async function nwcWallet(
  client: NwcClient,
  timeoutMs: number,
  lud16: string | null,
): Promise<LiveWallet> {
  const about = await client.call('get_info', {}, timeoutMs)
  const methods = about.methods.length > 0 ? about.methods : await client.methods()
  const balance = async () => msatToSats((await client.call('get_balance', {}, timeoutMs)).balance)
  const supports = (method: string) => methods.length === 0 || methods.includes(method)
  return {
    info: {
      connected: true,
      balance: supports('get_balance') ? await balance() : null,
      walletPubkey: client.walletPubkey,
      lud16: about.lud16 ?? lud16,
      lud06: null,
      walletType: 'nwc',
      alias: about.alias || null,
      methods,
    },
    payInvoice: async (invoice) => {
      const { preimage } = await client.call('pay_invoice', { invoice }, REQUEST_TIMEOUT_MS)
      return { preimage }
    },
    balance,
    async makeInvoice(amountSats, description) {
      if (!supports('make_invoice')) throw new Error(MAKE_INVOICE_UNSUPPORTED)
      const amount = satsToMsat(amountSats)
      const { invoice } = await client.call(
        'make_invoice',
        { amount, description },
        REQUEST_TIMEOUT_MS,
      )
      return { invoice }
    },
    listTransactions: () => client.call('list_transactions', { limit: 20 }, REQUEST_TIMEOUT_MS),
    close: () => client.close(),
  }
}

async function openWebln(env: LiveWalletEnv): Promise<LiveWallet> {
  const wallet = weblnWallet((env.webln ?? browserProvider)())
  await wallet.enable()
  const about = await wallet.info().catch(() => ({ alias: null, pubkey: null, methods: [] }))
  const balance = () => wallet.balance().catch(() => null)
  return {
    info: {
      connected: true,
      balance: await balance(),
      walletPubkey: about.pubkey,
      lud16: null,
      lud06: null,
      walletType: 'webln',
      alias: about.alias,
      methods: about.methods,
    },
    payInvoice: (invoice) => wallet.payInvoice(invoice),
    balance,
    makeInvoice: () => Promise.reject(new Error(MAKE_INVOICE_UNSUPPORTED)),
    listTransactions: () => Promise.resolve([]),
    close() {},
  }
}

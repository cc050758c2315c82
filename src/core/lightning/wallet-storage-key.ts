/**
 * Where the saved-wallet list lives in localStorage (spec §3: one list key). Its own module: the
 * app's start reads it to decide whether to load the wallet at all, and must import nothing else.
 */
export const SAVED_WALLETS_KEY = 'nostrSavedWallets'

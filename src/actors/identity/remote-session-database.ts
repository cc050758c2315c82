/** The IndexedDB database of the kept NIP-46 session (remote-session-store.ts); Clear Everything names it. */
export const REMOTE_SESSION_DATABASE = 'plume-remote-signer'

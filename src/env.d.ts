/// <reference types="vite/client" />

declare module 'nostr-wasm/secp256k1.wasm?url' {
  const url: string
  export default url
}

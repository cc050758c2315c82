/**
 * A signer whose implementation loads with its first call: reading the feed needs none, so the
 * extension bridge and the in-memory key signer stay off the first note's path.
 */
import type { Signer, SignerKind } from '../../platform/signer.ts'

export function lazySigner(kind: SignerKind, load: () => Promise<Signer>): Signer {
  let loading: Promise<Signer> | undefined
  const signer = () => {
    loading ??= load()
    return loading
  }
  return {
    kind,
    getPublicKey: async () => (await signer()).getPublicKey(),
    signEvent: async (template, options) => (await signer()).signEvent(template, options),
    nip04Encrypt: async (peer, text) => (await signer()).nip04Encrypt(peer, text),
    nip04Decrypt: async (peer, text) => (await signer()).nip04Decrypt(peer, text),
    nip44Encrypt: async (peer, text) => (await signer()).nip44Encrypt(peer, text),
    nip44Decrypt: async (peer, text) => (await signer()).nip44Decrypt(peer, text),
    // Never loaded: nothing to drop.
    close: () => void loading?.then((loaded) => loaded.close()),
  }
}

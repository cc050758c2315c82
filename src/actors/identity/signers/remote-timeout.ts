/**
 * A NIP-46 request that got no answer in time: the signer, or every one of its relays, is out of
 * reach (the message then says why the last send failed). It is not a refusal: the same request
 * may be answered later. Its own small module, so that telling the two apart does not load the
 * NIP-46 client.
 */
export const REMOTE_TIMEOUT_MESSAGE = 'Remote signer did not respond in time'

export class RemoteSignerTimeout extends Error {
  override readonly name = 'RemoteSignerTimeout'
  /** `publishError`: why the last send to the signer's relays failed, when it did. */
  constructor(publishError?: string) {
    super(publishError ? `${REMOTE_TIMEOUT_MESSAGE}: ${publishError}` : REMOTE_TIMEOUT_MESSAGE)
  }
}

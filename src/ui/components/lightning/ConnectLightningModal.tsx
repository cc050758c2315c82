import { type FormEvent, useEffect, useRef, useState } from 'react'
import { PairingCodeError, parsePairingCode } from '../../../core/lightning/nwc-uri.ts'
import { defaultWalletName } from '../../../core/lightning/saved-wallets.ts'
import { walletErrorText } from '../../../core/lightning/wallet-connection.ts'
import { Secret } from '../../../core/platform/secret.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { Field, FormError } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { walletLoginHint } from './connection-labels.ts'
import { useLightning } from './use-lightning.ts'

/**
 * Connect a remote wallet by its pairing string (?walletConnect=true, spec §2): the string must be
 * given, the button needs a login that can sign (nsec or extension) and is off while connecting,
 * the name defaults to 'NWC Wallet {date}', Save for future use is on by default. The modal closes
 * once connected; on a failure everything typed stays.
 */
export function ConnectLightningModal() {
  const modal = useModal('walletConnect')
  const { wallet, status, error: walletError } = useLightning()
  const login = useLogin()
  const [pairing, setPairing] = useState('')
  const [name, setName] = useState(() => defaultWalletName(new Date()))
  const [save, setSave] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const submitted = useRef(false)
  const connecting = status === 'connecting'

  useEffect(() => wallet.start(), [wallet])
  useEffect(() => {
    if (submitted.current && status === 'connected') void modal.close()
  }, [status, modal])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    try {
      parsePairingCode(pairing)
    } catch (failure) {
      setError(failure instanceof PairingCodeError ? failure.message : String(failure))
      return
    }
    setError(null)
    submitted.current = true
    wallet.connect(new Secret(pairing.trim()), save ? { name } : null)
  }

  const blocked = walletLoginHint(login)
  const shown = error ?? (submitted.current && walletError ? walletErrorText(walletError) : null)
  return (
    <Modal title="Connect Wallet" onClose={modal.close}>
      <form className="form" onSubmit={submit}>
        {blocked && <p className="form-hint">{blocked}</p>}
        <Field
          id="wallet-pairing"
          label="Connection string (nostr+walletconnect://…)"
          type="password"
          value={pairing}
          onChange={setPairing}
        />
        <Field id="wallet-name" label="Wallet name" value={name} onChange={setName} />
        <label className="form-hint">
          <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} /> Save
          for future use
        </label>
        {save && (
          <p className="form-hint">
            Saved encrypted to your key on this device: only your login can open it.
          </p>
        )}
        <FormError message={shown} />
        <div className="form-row">
          <button
            type="submit"
            className="button button-primary"
            disabled={blocked !== null || connecting || pairing.trim() === ''}
          >
            {connecting ? 'Connecting…' : 'Connect'}
          </button>
        </div>
      </form>
    </Modal>
  )
}

export default ConnectLightningModal

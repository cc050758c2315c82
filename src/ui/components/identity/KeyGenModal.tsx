import { useState } from 'react'
import {
  generateKeyPair,
  type KeyPair,
  requireGeneratedKey,
} from '../../../core/identity/keygen.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { CopyButton } from '../kit/CopyButton.tsx'
import { FormError } from '../kit/Form.tsx'
import { Modal } from '../kit/Modal.tsx'
import { useWarmCurve } from './use-warm-curve.ts'
import './key-list.css'

/** Generate a key pair, show it with copy buttons, then log in with it (spec §4). */
export function KeyGenModal() {
  const { login } = useSystem()
  useWarmCurve()
  const modal = useModal('generateKey')
  const [pair, setPair] = useState<KeyPair | null>(null)
  const [error, setError] = useState<string | null>(null)

  const generate = () => {
    try {
      setPair(generateKeyPair())
      setError(null)
    } catch (problem) {
      setError((problem as Error).message)
    }
  }
  const logIn = () => {
    try {
      const { secret, pubkey } = requireGeneratedKey(pair)
      login.send({ type: 'login.nsec', key: secret, pubkey })
    } catch (problem) {
      setError((problem as Error).message)
    }
  }

  return (
    <Modal title="Generate New User Key" onClose={modal.close}>
      <p className="form-hint">
        Your secret key is your account: anyone who has it can post as you, and nobody can give it
        back if you lose it. Copy it somewhere safe before you log in.
      </p>
      {pair && (
        <dl className="key-list">
          <KeyRow label="Public key (hex)" value={pair.pubkey} />
          <KeyRow label="Public key (npub)" value={pair.npub} />
          <KeyRow label="Secret key (nsec)" value={pair.nsec.reveal()} />
        </dl>
      )}
      <FormError message={error} />
      <div className="form-row">
        <button type="button" className="button" onClick={generate}>
          {pair ? 'Generate another' : 'Generate'}
        </button>
        {/* Spec §4: not generated, then generated, then login. */}
        <button
          type="button"
          className="button button-primary"
          onClick={logIn}
          disabled={pair === null}
        >
          Log in with this key
        </button>
      </div>
    </Modal>
  )
}

function KeyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="key-row">
      <dt className="form-hint">{label}</dt>
      <dd className="mono">{value}</dd>
      <CopyButton text={value} />
    </div>
  )
}

export default KeyGenModal

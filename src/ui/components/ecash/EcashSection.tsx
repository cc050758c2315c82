import { Link } from '@tanstack/react-router'
import './ecash-section.css'

/** Settings, "Ecash Wallet": the way to /wallet (leaving Settings, as the link drops ?settings). */
export function EcashSection() {
  return (
    <section className="settings-section" aria-labelledby="ecash-heading">
      <h3 id="ecash-heading">Ecash Wallet</h3>
      <p className="form-hint">
        Cashu ecash: deposit, send and receive sats through mints you choose.
      </p>
      <div className="form-row">
        <Link to="/wallet" className="button ecash-open">
          Open Ecash Wallet
        </Link>
      </div>
    </section>
  )
}

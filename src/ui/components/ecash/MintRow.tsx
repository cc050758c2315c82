import { useEffect, useState } from 'react'
import type { MintEntry } from '../../../actors/ecash/cashu-store.ts'
import {
  feeText,
  type MintDetails,
  removalRefusal,
  runningDeposits,
} from '../../../core/ecash/cashu-mint-info.ts'
import { sats, useOpenCashu } from './cashu-context.ts'

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** One mint on /wallet: name, URL and balance, its details on demand, and removing it. */
export function MintRow({ mint }: { mint: MintEntry }) {
  const { wallet, view } = useOpenCashu()
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const amount = view.balances[mint.url] ?? 0
  const detailsId = `cashu-mint-details-${encodeURIComponent(mint.url)}`

  const askRemove = () => {
    // Refused at once when the view already knows why; the wallet checks again on removing.
    const refusal = removalRefusal({
      known: true,
      balance: amount,
      operations: runningDeposits(view.deposits, mint.url),
    })
    setError(refusal)
    setConfirming(refusal === null)
  }
  const remove = () => {
    setBusy(true)
    wallet.removeMint(mint.url).then(
      () => {}, // the row leaves the list with the record
      (e: unknown) => {
        setError(message(e))
        setConfirming(false)
        setBusy(false)
      },
    )
  }

  return (
    <li className="cashu-mint">
      <span className="cashu-mint-name">{mint.name}</span>
      <span className="cashu-mint-url">{mint.url}</span>
      <span className="cashu-mint-balance" data-testid="cashu-mint-balance">
        {sats(amount)}
      </span>
      <div className="cashu-mint-actions">
        <button
          type="button"
          className="button-quiet"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide details' : 'Details'}
          <span className="visually-hidden"> of {mint.name}</span>
        </button>
        {confirming ? (
          <span className="cashu-mint-confirm">
            <span className="cashu-mint-question">Remove {mint.name}?</span>
            <button type="button" className="button button-danger" disabled={busy} onClick={remove}>
              {busy ? 'Removing…' : 'Yes, remove'}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              No
            </button>
          </span>
        ) : (
          <button type="button" className="button-quiet" onClick={askRemove}>
            Remove<span className="visually-hidden"> {mint.name}</span>
          </button>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {open && <MintInfo id={detailsId} url={mint.url} />}
    </li>
  )
}

/** The mint's own texts (untrusted: rendered as text only) and what it supports. */
function MintInfo({ id, url }: { id: string; url: string }) {
  const { wallet } = useOpenCashu()
  const [details, setDetails] = useState<MintDetails | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    wallet.mintInfo(url).then(
      (d) => live && setDetails(d),
      (e: unknown) => live && setError(message(e)),
    )
    return () => {
      live = false
    }
  }, [wallet, url])
  if (error) {
    return (
      <p id={id} className="form-error" role="alert">
        {error}
      </p>
    )
  }
  if (!details) {
    return (
      <p id={id} className="cashu-note">
        Loading mint info…
      </p>
    )
  }
  return (
    <section id={id} className="cashu-mint-details" aria-label={`About ${details.name}`}>
      {details.motd && (
        <p className="cashu-mint-motd" data-testid="cashu-mint-motd">
          {details.motd}
        </p>
      )}
      {details.description && <p>{details.description}</p>}
      <dl>
        {details.version && (
          <>
            <dt>Version</dt>
            <dd>{details.version}</dd>
          </>
        )}
        <dt>Fees</dt>
        <dd>{feeText(details.inputFeePpk)}</dd>
        {details.contact.map((c) => (
          <div key={`${c.method}:${c.info}`}>
            <dt>{c.method}</dt>
            <dd>{c.info}</dd>
          </div>
        ))}
      </dl>
      <h3 className="cashu-mint-supports-heading">Supports</h3>
      {details.supports.length === 0 ? (
        <p className="cashu-note">The mint lists nothing it supports.</p>
      ) : (
        <ul className="cashu-mint-supports" aria-label="Supports">
          {details.supports.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

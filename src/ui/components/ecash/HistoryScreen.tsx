import { CopyButton } from '../kit/CopyButton.tsx'
import { RowBoundary } from '../kit/RowBoundary.tsx'
import { sats, useOpenCashu } from './cashu-context.ts'
import { NutzapLabel } from './NutzapHistory.tsx'

const LABEL = { deposit: 'Deposit', send: 'Sent', receive: 'Received', pay: 'Paid' } as const

/** /wallet/history: deposits, sends (with their token, to copy again) and receipts. */
export function HistoryScreen() {
  const { view } = useOpenCashu()
  if (view.history.length === 0) return <p className="cashu-note">Nothing yet.</p>
  return (
    <div className="cashu-screen">
      <ul className="cashu-history" aria-label="History">
        {view.history.map((entry) => (
          <RowBoundary key={entry.id} rowId={entry.id} listItem>
            {() => (
              <li className="cashu-history-row">
                {entry.nutzap ? (
                  <NutzapLabel
                    nutzap={entry.nutzap}
                    received={entry.kind === 'receive'}
                    amount={entry.amount}
                  />
                ) : (
                  <span>
                    {LABEL[entry.kind]} {sats(entry.amount)}
                    {entry.fee ? ` (fee ${sats(entry.fee)})` : ''}
                  </span>
                )}
                <time dateTime={new Date(entry.at).toISOString()}>
                  {new Date(entry.at).toLocaleString()}
                </time>
                {/* A nutzap's token is locked to its recipient: nothing the sender could use again. */}
                {entry.token && !entry.nutzap && (
                  <CopyButton text={entry.token} label="Copy token" />
                )}
              </li>
            )}
          </RowBoundary>
        ))}
      </ul>
    </div>
  )
}

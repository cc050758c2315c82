import type {
  ManagerStats,
  ManagerSummary,
  RelayFigures,
} from '../../../machines/relay-manager-stats.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { Modal } from '../kit/Modal.tsx'
import { AuxConnections } from './AuxConnections.tsx'
import { AuxListSection } from './AuxListSection.tsx'
import { useAllowAuth, useAuxConnections } from './use-aux-relays.ts'
import { useRelayManagerStats } from './use-relay-manager.ts'
import { VerdictBadge } from './VerdictBadge.tsx'
import './aux-relays.css'
import { RowBoundary } from '../kit/RowBoundary.tsx'

/**
 * Auxiliary Relays (spec §2, ?auxRelays=true): the short-lived connections to relays outside the
 * user's list, then the dynamic relay manager's statistics.
 */
export function AuxRelaysModal() {
  const modal = useModal('auxRelays')
  const connections = useAuxConnections()
  const allowAuth = useAllowAuth()
  const stats = useRelayManagerStats()
  return (
    <Modal title="Auxiliary Relays" onClose={modal.close}>
      <div className="aux-relays">
        {connections && <AuxConnections view={connections} onAllowAuth={allowAuth} />}
        {stats ? (
          <Statistics stats={stats} />
        ) : (
          <p className="form-hint">The relay manager starts once the configuration has loaded.</p>
        )}
      </div>
    </Modal>
  )
}

function Statistics({ stats }: { stats: ManagerStats }) {
  const { summary, added, demoted, candidates, blacklist } = stats
  return (
    <>
      <Summary summary={summary} />
      <AuxListSection
        title="Added by the manager"
        count={added.length}
        empty="The manager has added no relay this session."
      >
        {added.map((relay) => (
          <RowBoundary key={relay.url} rowId={relay.url} listItem>
            {() => (
              <li data-relay={relay.url}>
                <span className="mono">{relay.url}</span>
                <span className="aux-meta">
                  <VerdictBadge verdict={relay.verdict} /> {figureText(relay)}
                  {!relay.active && ' · no longer in your relays'}
                </span>
              </li>
            )}
          </RowBoundary>
        ))}
      </AuxListSection>
      <AuxListSection
        title="Demoted"
        count={demoted.length}
        empty="The manager has demoted no relay this session."
      >
        {demoted.map((relay) => (
          <RowBoundary key={relay.url} rowId={relay.url} listItem>
            {() => (
              <li data-relay={relay.url}>
                <span className="mono">{relay.url}</span>
                <span className="aux-meta">
                  <span data-field="reason">{relay.because}</span>
                  {relay.rejected > 0 && ` · ${plural(relay.rejected, 'rejected event')}`}
                  {relay.active && ' · added back by you'}
                </span>
              </li>
            )}
          </RowBoundary>
        ))}
      </AuxListSection>
      <AuxListSection
        title="Candidates"
        count={candidates.length}
        hint={
          <p className="form-hint">
            Added in this order while fewer than {summary.minHealthy} relays are reliable.
          </p>
        }
        empty="No recommended or fallback relay is left to add."
        ordered
      >
        {candidates.map((relay) => (
          <RowBoundary key={relay.url} rowId={relay.url} listItem>
            {() => (
              <li data-relay={relay.url}>
                <span className="mono">{relay.url}</span>
                <span className="aux-meta">
                  {relay.source === 'recommended' ? 'Recommended' : 'Fallback'}
                </span>
              </li>
            )}
          </RowBoundary>
        ))}
      </AuxListSection>
      <AuxListSection
        title="Blacklist"
        count={blacklist.length}
        hint={
          <p className="form-hint">
            Never added automatically. One you chose yourself stays while it is reliable.
          </p>
        }
        empty="No relay is blacklisted."
      >
        {blacklist.map((relay) => (
          <RowBoundary key={relay.url} rowId={relay.url} listItem>
            {() => (
              <li data-relay={relay.url}>
                <span className="mono">{relay.url}</span>
                {relay.verdict && (
                  <span className="aux-meta">
                    In your relays <VerdictBadge verdict={relay.verdict} />
                  </span>
                )}
              </li>
            )}
          </RowBoundary>
        ))}
      </AuxListSection>
    </>
  )
}

function Summary({ summary }: { summary: ManagerSummary }) {
  const { counts } = summary
  // [field, label, value, alert]: unhealthy and forged relays in the set deserve a look.
  const tiles: [string, string, string, boolean?][] = [
    ['active', 'Active relays', `${summary.active} / ${summary.maxRelays}`],
    ['reliable', 'Reliable', `${counts.reliable} / min ${summary.minHealthy}`],
    ['unhealthy', 'Unhealthy', String(counts.unhealthy), counts.unhealthy > 0],
    ['slow', 'Slow', String(counts.slow)],
    ['unproven', 'Unproven', String(counts.unproven)],
    ['forged', 'Forged', String(counts.forged), counts.forged > 0],
    [
      'average',
      'Average response',
      summary.averageMs === null ? 'No answer yet' : `${summary.averageMs} ms`,
    ],
    ['interval', 'Evaluation', `every ${summary.evaluateEverySeconds} s`],
  ]
  return (
    <section aria-label="Summary" className="aux-summary-section">
      <h3>Dynamic relay manager</h3>
      <p className="form-hint">
        The dynamic relay manager judges your relays every {summary.evaluateEverySeconds} s.
        {summary.autoRemove && ' It removes relays that forge events, keep failing or crawl.'}
        {summary.autoAdd &&
          ` While fewer than ${summary.minHealthy} are reliable it adds recommended, then fallback relays.`}
      </p>
      <dl className="aux-summary">
        {tiles.map(([field, label, value, alert]) => (
          <div key={field} className="aux-tile" data-tile={field} data-alert={alert || undefined}>
            <dt>{label}</dt>
            <dd data-field={field}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

function figureText(relay: RelayFigures): string {
  if (relay.successPercent === null) return 'no request yet'
  const average = relay.averageMs === null ? 'no answer' : `${relay.averageMs} ms`
  return `${average} · ${relay.successPercent}% of ${plural(relay.requests, 'request')}`
}

export default AuxRelaysModal

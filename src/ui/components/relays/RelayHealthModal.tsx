import { useState } from 'react'
import { type RelayHealth, successRate, timeAgo } from '../../../core/relays/relay-health.ts'
import { NO_HEALTHY_RELAYS, NO_UNHEALTHY_RELAYS } from '../../../core/relays/relay-messages.ts'
import { useModal } from '../../hooks/use-modal.ts'
import { useNow } from '../../hooks/use-now.ts'
import { Modal } from '../kit/Modal.tsx'
import { useRelayHealth } from './use-relays.ts'
import './relay-health.css'
import { RowBoundary } from '../kit/RowBoundary.tsx'

type Tab = 'healthy' | 'unhealthy'

/** Relay health (spec §2): healthy and unhealthy tabs with each relay's figures. */
export function RelayHealthModal() {
  const modal = useModal('relayHealth')
  const records = Object.values(useRelayHealth())
  const [tab, setTab] = useState<Tab>('healthy')
  const now = useNow(5_000) * 1000
  const shown = records.filter((record) => record.isHealthy === (tab === 'healthy'))
  return (
    <Modal title="Relay health" onClose={modal.close}>
      <div className="tabs" role="tablist" aria-label="Relay health">
        {(['healthy', 'unhealthy'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className="tab"
            onClick={() => setTab(name)}
          >
            {name === 'healthy' ? 'Healthy' : 'Unhealthy'}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab === 'healthy' ? 'Healthy' : 'Unhealthy'}>
        {shown.length === 0 ? (
          <p className="form-hint">{tab === 'healthy' ? NO_HEALTHY_RELAYS : NO_UNHEALTHY_RELAYS}</p>
        ) : (
          <ul className="health-list">
            {shown.map((record) => (
              <RowBoundary key={record.url} rowId={record.url} listItem>
                <HealthRow record={record} now={now} />
              </RowBoundary>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  )
}

function HealthRow({ record, now }: { record: RelayHealth; now: number }) {
  return (
    <li className="health-row" data-relay={record.url}>
      <span className="mono">{record.url}</span>
      <dl>
        <dt>Average response</dt>
        <dd data-field="average">
          {/* An average of no answers is not 0 ms. */}
          {record.successCount === 0 ? '—' : `${Math.round(record.averageResponseTime)} ms`}
        </dd>
        <dt>Requests</dt>
        <dd data-field="requests">{record.totalRequests}</dd>
        <dt>Success rate</dt>
        <dd data-field="rate">{Math.round(successRate(record) * 100)}%</dd>
        <dt>Last success</dt>
        <dd>{timeAgo(record.lastSuccess, now)}</dd>
        <dt>Last failure</dt>
        <dd>{timeAgo(record.lastFailure, now)}</dd>
      </dl>
    </li>
  )
}

export default RelayHealthModal

import { powRequirement, RELAY_INFO_ERROR, type RelayInfo } from '../../../core/relays/nip11.ts'
import type { SocketActorRef } from '../../../machines/socket.machine.ts'
import { useRelayInfo } from './use-relay-info.ts'
import { useRelayFigures } from './use-relay-manager.ts'
import { useRelayLight } from './use-relays.ts'
import { VerdictBadge } from './VerdictBadge.tsx'
import './relay-detail.css'

interface RelayDetailProps {
  id: string
  url: string
  socket: SocketActorRef | undefined
}

/** A relay's detail in Relay Management: its NIP-11 document and its live figures. */
export function RelayDetail({ id, url, socket }: RelayDetailProps) {
  return (
    <div id={id} className="relay-detail">
      <RelayInformation url={url} />
      <LiveFigures url={url} socket={socket} />
    </div>
  )
}

function RelayInformation({ url }: { url: string }) {
  const state = useRelayInfo(url)
  if (state.status === 'loading') {
    return (
      <p className="form-hint" role="status">
        Loading relay information…
      </p>
    )
  }
  if (state.status === 'failed') {
    return (
      <div className="relay-detail-failed">
        <p className="form-error" role="alert">
          {RELAY_INFO_ERROR}
        </p>
        <button type="button" className="button" onClick={state.retry}>
          Retry
        </button>
      </div>
    )
  }
  return <InformationList info={state.info} />
}

const yesNo = (flag: boolean | undefined) =>
  flag === undefined ? 'Not stated' : flag ? 'Yes' : 'No'

function InformationList({ info }: { info: RelayInfo }) {
  const limitation = info.limitation ?? {}
  const pow = powRequirement(info)
  const software = [info.software, info.version].filter(Boolean).join(' ')
  return (
    <section aria-label="Relay information">
      <h4>Information</h4>
      <dl className="detail-list">
        <dt>Name</dt>
        <dd data-field="name">{info.name ?? 'Not stated'}</dd>
        {info.description && (
          <>
            <dt>Description</dt>
            <dd data-field="description">{info.description}</dd>
          </>
        )}
        <dt>Contact</dt>
        <dd data-field="contact">{info.contact ?? 'Not stated'}</dd>
        <dt>Software</dt>
        <dd data-field="software" className="mono">
          {software || 'Not stated'}
        </dd>
        <dt>Supported NIPs</dt>
        <dd data-field="nips">
          {info.supported_nips?.length ? info.supported_nips.join(', ') : 'None listed'}
        </dd>
        <dt>Max message length</dt>
        <dd data-field="max-message-length">
          {limitation.max_message_length === undefined
            ? 'Not stated'
            : `${limitation.max_message_length.toLocaleString('en')} bytes`}
        </dd>
        <dt>Auth required</dt>
        <dd data-field="auth-required">{yesNo(limitation.auth_required)}</dd>
        <dt>Payment required</dt>
        <dd data-field="payment-required">{yesNo(limitation.payment_required)}</dd>
        <dt>Min PoW difficulty</dt>
        <dd data-field="min-pow">
          {limitation.min_pow_difficulty === undefined
            ? 'Not stated'
            : `${limitation.min_pow_difficulty} bits`}
        </dd>
        <dt>PoW requirement</dt>
        <dd data-field="pow">{pow === null ? 'None' : `${pow} bits`}</dd>
      </dl>
    </section>
  )
}

const STATE_TEXT = {
  connected: 'Connected',
  connecting: 'Connecting',
  disconnected: 'Disconnected',
} as const

function LiveFigures({ url, socket }: { url: string; socket: SocketActorRef | undefined }) {
  const figures = useRelayFigures(url)
  return (
    <section aria-label="Live figures">
      <h4>Live</h4>
      <dl className="detail-list">
        <dt>State</dt>
        <dd data-field="state">{socket ? <SocketState socket={socket} /> : 'Not connected'}</dd>
        <dt>Verdict</dt>
        <dd data-field="verdict">
          <VerdictBadge verdict={figures.verdict} />
        </dd>
        <dt>Average response</dt>
        <dd data-field="average">
          {figures.averageMs === null ? 'No answer yet' : `${figures.averageMs} ms`}
        </dd>
        <dt>Success rate</dt>
        <dd data-field="rate">
          {figures.successPercent === null
            ? 'No request yet'
            : `${figures.successPercent}% of ${figures.requests}`}
        </dd>
        <dt>Rejected events</dt>
        <dd data-field="rejected">{figures.rejected}</dd>
      </dl>
    </section>
  )
}

function SocketState({ socket }: { socket: SocketActorRef }) {
  const { state, lastError } = useRelayLight(socket)
  return (
    <>
      {STATE_TEXT[state]}
      {state !== 'connected' && lastError && <span className="detail-note"> · {lastError}</span>}
    </>
  )
}

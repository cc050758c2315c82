import { createFileRoute } from '@tanstack/react-router'
import { version } from '../../../package.json'
import { parseModalSearch } from '../../core/app/modal-search.ts'
import { PageBar } from '../components/kit/PageBar.tsx'
import '../components/app/about.css'

/** The NIPs Plume implements today, each linked to its text. */
const NIPS: ReadonlyArray<readonly [number, string]> = [
  [1, 'Basic protocol: signed events, relays, subscriptions'],
  [2, 'Follow lists'],
  [5, 'name@domain addresses'],
  [7, 'Signing with a browser extension'],
  [10, 'Replies and threads'],
  [11, 'Relay information documents'],
  [18, 'Reposts'],
  [19, 'npub, note, nevent and other identifiers'],
  [21, 'nostr: links'],
  [24, 'Hashtags'],
  [36, 'Content warnings'],
  [42, 'Relay authentication'],
  [44, 'Encrypted messages with remote signers'],
  [46, 'Remote signing'],
  [49, 'Secret keys encrypted under a passphrase'],
  [50, 'Search'],
  [51, 'Mute lists'],
  [65, 'Relay lists'],
  [92, 'Media attachments'],
]

const nipName = (nip: number) => `NIP-${String(nip).padStart(2, '0')}`
const nipUrl = (nip: number) =>
  `https://github.com/nostr-protocol/nips/blob/master/${String(nip).padStart(2, '0')}.md`

/** /about (spec §2): what Plume is; the spec leaves the words to us. */
export const Route = createFileRoute('/about')({
  validateSearch: parseModalSearch,
  component: AboutPage,
})

function AboutPage() {
  return (
    <article className="about-page" aria-labelledby="about-title">
      <PageBar titleId="about-title">About Plume</PageBar>
      <div className="about-body">
        <p>
          Plume is a client for Nostr, an open network where people publish short notes, signed with
          their own key, to relays: small servers that anyone can run. Nobody owns the network, and
          no single relay can take your notes or your followers away.
        </p>
        <p>
          Plume has no server of its own. It is a set of files your browser runs, and it can be
          installed as an app. What you read comes straight from the relays you choose, and what you
          publish goes straight to them. Besides relays, it only fetches what notes and profiles
          point to: pictures and other media, name@domain checks, and relay information.
        </p>
        <p>
          Your keys stay on this device. A secret key you enter is held in memory, or saved
          encrypted under your passphrase if you ask for that. With a browser extension or a remote
          signer, Plume never sees the key at all.
        </p>
        <p>
          You decide which relays to read from and write to, in Settings, Relay Management. The
          lights in the header show whether each one is connected.
        </p>
        <p className="about-version">
          Version <span className="mono">{version}</span>
        </p>
        <h2>The NIPs it implements</h2>
        <ul className="about-nips">
          {NIPS.map(([nip, title]) => (
            <li key={nip}>
              <a href={nipUrl(nip)} target="_blank" rel="noopener noreferrer">
                {nipName(nip)}
              </a>{' '}
              {title}
            </li>
          ))}
        </ul>
      </div>
    </article>
  )
}

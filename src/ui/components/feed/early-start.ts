/**
 * Whether the early feed is drawn on this page, and with what (core/feed/early-feed.ts): read from
 * the location and the stored preferences by the page's first script (ui/early-request.ts) and
 * again by the start-up script (early-feed.ts), which bundle it each.
 */
import type { Filter } from 'nostr-tools/filter'
import { isStandalone } from '../../../actors/app/display-mode.ts'
import { PUBKEY_KEY } from '../../../actors/identity/login-session.ts'
import { LAST_ROUTE_KEY, parseLastRoute, restorableRoute } from '../../../core/app/last-route.ts'
import {
  type Preferences,
  readStoredPreferences,
  withStored,
} from '../../../core/app/preferences.ts'
import { earlyFeedFilters } from '../../../core/feed/early-feed.ts'

export interface EarlyStart {
  filters: Filter[]
  preferences: Preferences
}

/** The early feed's page and preferences, or null: none is drawn here. */
export function earlyFeedStart(): EarlyStart | null {
  try {
    const read = (key: string) => localStorage.getItem(key)
    // An installed app about to go back to its last screen (ui/pwa/start.ts) is not on the feed.
    const saved = parseLastRoute(read(LAST_ROUTE_KEY))
    if (isStandalone() && restorableRoute(location, saved, Date.now()) !== null) return null
    const preferences = withStored(readStoredPreferences(read))
    const filters = earlyFeedFilters({
      pathname: location.pathname,
      search: location.search,
      preferences,
      signedIn: read(PUBKEY_KEY) !== null,
    })
    return filters && { filters, preferences }
  } catch {
    return null // storage refused: the preferences are not known
  }
}

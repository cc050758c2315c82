import { describe, expect, it } from 'vitest'
import {
  LAST_ROUTE_MAX_AGE_MS,
  lastRouteRecord,
  parseLastRoute,
  restorableRoute,
} from '../../../../src/core/app/last-route.ts'

const NOW = 1_700_000_000_000
const root = { pathname: '/', search: '', hash: '' }

describe('last route (spec §2 standalone start-up)', () => {
  it('round-trips the record { path, savedAt }', () => {
    const raw = lastRouteRecord('/npub/npub1abc', NOW)
    expect(JSON.parse(raw)).toEqual({ path: '/npub/npub1abc', savedAt: NOW })
    expect(parseLastRoute(raw)).toEqual({ path: '/npub/npub1abc', savedAt: NOW })
  })

  it('refuses missing, malformed and off-origin records', () => {
    expect(parseLastRoute(null)).toBeNull()
    expect(parseLastRoute('not json')).toBeNull()
    expect(parseLastRoute('null')).toBeNull()
    expect(parseLastRoute(JSON.stringify({ path: '/search' }))).toBeNull()
    expect(
      parseLastRoute(JSON.stringify({ path: 'https://evil.example/', savedAt: NOW })),
    ).toBeNull()
    expect(parseLastRoute(JSON.stringify({ path: '//evil.example/', savedAt: NOW }))).toBeNull()
  })

  it('restores a route saved less than 30 days ago when opened at the bare root', () => {
    const saved = { path: '/search', savedAt: NOW - LAST_ROUTE_MAX_AGE_MS + 1 }
    expect(restorableRoute(root, saved, NOW)).toBe('/search')
  })

  it('does not restore a route 30 days old or older, or from the future', () => {
    expect(
      restorableRoute(root, { path: '/search', savedAt: NOW - LAST_ROUTE_MAX_AGE_MS }, NOW),
    ).toBeNull()
    expect(restorableRoute(root, { path: '/search', savedAt: NOW + 1 }, NOW)).toBeNull()
  })

  it('stays where the app was opened unless that is the bare root', () => {
    const saved = { path: '/search', savedAt: NOW }
    expect(restorableRoute({ pathname: '/create', search: '', hash: '' }, saved, NOW)).toBeNull()
    expect(
      restorableRoute({ pathname: '/note/note1x', search: '', hash: '' }, saved, NOW),
    ).toBeNull()
    expect(
      restorableRoute({ pathname: '/', search: '?note=note1x', hash: '' }, saved, NOW),
    ).toBeNull()
    expect(restorableRoute({ pathname: '/', search: '', hash: '#top' }, saved, NOW)).toBeNull()
    expect(restorableRoute(root, null, NOW)).toBeNull()
    expect(restorableRoute(root, { path: '/', savedAt: NOW }, NOW)).toBeNull()
  })
})

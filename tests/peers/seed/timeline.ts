// When things happen: four weeks of history, denser lately, following each person's waking hours.
import type { WorldContext } from './context.ts'
import type { Persona } from './types.ts'

export const MINUTE = 60
export const HOUR = 3600
export const DAY = 86400
/** notes are spread over this window before `now` */
export const WINDOW = 28 * DAY

/** relative chance of posting at a local hour: quiet at night, peaks morning and evening */
const HOURLY = [
  0.12, 0.08, 0.05, 0.04, 0.05, 0.12, 0.35, 0.7, 0.9, 0.85, 0.8, 0.8, 0.9, 0.8, 0.7, 0.7, 0.75,
  0.85, 0.95, 1, 1, 0.9, 0.6, 0.3,
]

/**
 * The time of day the world is made at, whatever the clock says. Waking hours are counted from
 * it, so every event has the same age whenever the world is made, and every test run meets the
 * same world.
 */
const MADE_AT = 18 * HOUR

function awake(ctx: WorldContext, persona: Persona | null, t: number): number {
  if (!persona) return 1
  const clock = t - ctx.now + MADE_AT
  const local = (((clock / HOUR + persona.utcOffset) % 24) + 24) % 24
  return HOURLY[Math.floor(local)] ?? 1
}

/**
 * A created_at between `now - maxAge` and `now - minAge`, skewed towards recent days
 * (the network is growing) and towards the author's waking hours.
 */
export function postTime(
  ctx: WorldContext,
  persona: Persona | null,
  minAge: number,
  maxAge: number,
): number {
  const r = ctx.timeRng
  let t = ctx.now - minAge
  for (let attempt = 0; attempt < 12; attempt++) {
    const age = minAge + (maxAge - minAge) * r.next() ** 1.3
    t = Math.round(ctx.now - age)
    if (r.next() < awake(ctx, persona, t)) break
  }
  return t
}

/**
 * A moment after `t0` for a reaction to it: usually within hours, sometimes days later, never in
 * the future. The delay is exponential, truncated to the time left before `now` (sampling the
 * truncated distribution rather than clamping, so fresh notes don't pile up at `now`).
 */
export function after(
  ctx: WorldContext,
  t0: number,
  meanDelay: number,
  persona: Persona | null = null,
): number {
  const r = ctx.timeRng
  const room = ctx.now - t0
  if (room <= 2) return Math.min(ctx.now, t0 + 1)
  const tail = 1 - Math.exp(-room / meanDelay)
  let t = t0 + 1
  for (let attempt = 0; attempt < 8; attempt++) {
    const delay = -Math.log(1 - r.next() * tail) * meanDelay
    t = Math.round(t0 + Math.min(room, Math.max(1, delay)))
    if (r.next() < awake(ctx, persona, t)) break
  }
  return Math.min(t, ctx.now)
}

/**
 * A moment after `t0` for an answer to it, or null when that moment is still in the future: the
 * answer has not happened yet. Unlike `after`, nothing is squeezed into the time before `now`, so
 * the newest end of the feed keeps the mix of notes and replies of any other hour.
 */
export function answeredAt(
  ctx: WorldContext,
  t0: number,
  meanDelay: number,
  persona: Persona | null,
): number | null {
  const r = ctx.timeRng
  let t = t0 + 1
  for (let attempt = 0; attempt < 8; attempt++) {
    t = Math.round(t0 + Math.max(1, -Math.log(1 - r.next()) * meanDelay))
    if (r.next() < awake(ctx, persona, t)) break
  }
  return t <= ctx.now ? t : null
}

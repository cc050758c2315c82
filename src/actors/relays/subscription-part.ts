/**
 * One relay's part of one subscription, for the current connection: when its REQ went out and its
 * wait for end of stored events. The wait runs from the REQ or the latest of its events, so a relay
 * still streaming a large answer is not cut off, but never past its deadline from the REQ
 * (core/eose-timeout): a relay that streams for ever must not keep a query open. Its length is the
 * relay's, learnt from its past REQ-to-EOSE durations, which a late EOSE still teaches.
 */

export interface RelayPart {
  sentAt: number
  /** The REQ or the latest of its events: the wait runs from here. */
  lastActivity: number
  timer: ReturnType<typeof setTimeout> | undefined
  eosed: boolean
  timedOut: boolean
  /** AUTH was tried for this part: a second `auth-required:` is final. */
  authTried: boolean
}

/**
 * The part of a REQ sent now, its wait of `waitMs` running. When the relay stays quiet that long
 * before EOSE, or `deadlineMs` after the REQ, `onTimeout` gets the time from the REQ to giving up.
 */
export function startPart(
  now: () => number,
  { waitMs, deadlineMs }: { waitMs: number; deadlineMs: number },
  authTried: boolean,
  onTimeout: (responseMs: number) => void,
): RelayPart {
  const sentAt = now()
  const part: RelayPart = {
    sentAt,
    lastActivity: sentAt,
    timer: undefined,
    eosed: false,
    timedOut: false,
    authTried,
  }
  const deadline = sentAt + deadlineMs
  const check = () => {
    if (part.eosed) return
    const left = Math.min(waitMs - (now() - part.lastActivity), deadline - now())
    if (left > 0) {
      part.timer = setTimeout(check, left)
      return
    }
    part.timedOut = true
    onTimeout(now() - part.sentAt)
  }
  part.timer = setTimeout(check, waitMs)
  return part
}

/** One of the part's events arrived: before EOSE, its wait now runs from now. */
export function partActivity(part: RelayPart, now: () => number): void {
  if (!part.eosed) part.lastActivity = now()
}

/**
 * The relay's EOSE for this part: the wait stops. The REQ-to-EOSE time and whether it came in
 * time (if not, the timeout was already reported); null when EOSE had come already.
 */
export function partEnded(
  part: RelayPart,
  now: () => number,
): { responseMs: number; inTime: boolean } | null {
  if (part.eosed) return null
  part.eosed = true
  clearTimeout(part.timer)
  return { responseMs: now() - part.sentAt, inTime: !part.timedOut }
}

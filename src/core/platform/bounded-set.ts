/**
 * A set that keeps only its newest `max` members: what a long-lived subscription or a hostile
 * relay adds cannot grow memory without bound. A forgotten member can come back as new, which is
 * harmless where this is used (a repeat is deduplicated again downstream by id).
 */
export interface BoundedSet {
  has(value: string): boolean
  add(value: string): void
  readonly size: number
}

export function boundedSet(max: number): BoundedSet {
  const members = new Set<string>()
  return {
    has: (value) => members.has(value),
    add(value) {
      if (members.has(value)) return
      members.add(value)
      if (members.size > max) members.delete(members.values().next().value as string)
    },
    get size() {
      return members.size
    },
  }
}

// Kind 0 metadata: names, bios, pictures and banners served by the demo origin, plus NIP-05 and
// lightning addresses on the same host so verification and zaps can work offline.
import { publish, type WorldContext } from './context.ts'
import { avatarPath, bannerPath } from './media/index.ts'
import { DAY } from './timeline.ts'

export function publishProfiles(ctx: WorldContext): void {
  for (const a of ctx.authors) {
    const p = a.persona
    const content = {
      name: p.handle,
      display_name: p.displayName,
      about: p.about,
      picture: `${ctx.origin}${avatarPath(p.handle)}`,
      banner: `${ctx.origin}${bannerPath(p.handle)}`,
      website: p.website,
      nip05: `${p.handle}@${ctx.host}`,
      lud16: `${p.handle}@${ctx.host}`,
    }
    // most profiles predate the note window; a few were edited recently
    const recent = ctx.rng.chance(0.2)
    const age = recent ? ctx.timeRng.int(1, 6) * DAY : ctx.timeRng.int(30, 90) * DAY
    publish(ctx, a, {
      kind: 0,
      created_at: ctx.now - age - ctx.timeRng.int(0, DAY),
      tags: [],
      content: JSON.stringify(content),
    })
  }
}

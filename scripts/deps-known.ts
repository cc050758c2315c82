// Imports that break the rooms' rules today and are being fixed; `npm run deps` lets each one pass
// and says when an entry no longer matches anything, so that it can go. Nothing here may break the
// floors. An entry also covers the cycles that its import closes.
// Patterns: `*` is any run of characters but `/`, `{a,b}` either alternative.

export interface KnownImport {
  /** The importing file(s). */
  from: string
  /** The imported file(s). */
  to: string
  /** What is wrong with it, in one line. */
  why: string
}

export const knownImports: readonly KnownImport[] = [
  {
    from: 'src/actors/people/profile-queries.ts',
    to: 'src/actors/feed/profile-notes.ts',
    why: 'the profile page’s query set carries the notes tab’s feed queries',
  },

  // people using feed, publish, lightning and ecash.
  {
    from: 'src/actors/people/own-events.ts',
    to: 'src/core/publish/{publish-checks,publish-queue}.ts',
    why: 'publishing the user’s own lists uses the publish room’s checks and texts',
  },
  {
    from: 'src/ui/components/people/ProfileActions.tsx',
    to: 'src/ui/components/ecash/NutzapButton.tsx',
    why: 'the profile offers a nutzap',
  },

  // feed reaching publish and lightning.
  {
    from: 'src/ui/components/feed/NoteActions.tsx',
    to: 'src/{actors/publish/publish.effects.ts,core/relays/publish-checks.ts,ui/components/lightning/zap-action.css,ui/components/lightning/ZapTotal.tsx,ui/components/publish/compose.css,ui/components/publish/QueuedMark.tsx}',
    why: 'a note’s action bar reacts, reposts, zaps and shows queued marks',
  },
]

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
  // The composition root: rooms that take the whole system (type PlumeSystem) for a few handles.
  {
    from: 'src/actors/{feed/engagement-queries,lightning/zap.effects,people/follow.effects,people/mute-set,people/mute,people/profile-queries,publish/publish.effects}.ts',
    to: 'src/actors/system.ts',
    why: 'takes the whole system (type PlumeSystem) instead of the handles it uses',
  },
  {
    from: 'src/actors/people/own-events.ts',
    to: 'src/actors/system.ts',
    why: 'takes the whole system; it also closes the ecash cycle (cashu-* -> own-events -> system.ts)',
  },

  // Cycles inside one room.
  {
    from: 'src/actors/ecash/cashu-store.ts',
    to: 'src/actors/ecash/cashu-nutzap-pending.ts',
    why: 'the store takes type PendingNutzap from the file that imports the store',
  },
  {
    from: 'src/actors/lightning/wallet-connection.effects.ts',
    to: 'src/actors/lightning/lazy-wallet.ts',
    why: 'the effects take their types from the loader that imports them lazily',
  },

  // platform and relays reaching up.
  {
    from: 'src/core/platform/verify-batch.ts',
    to: 'src/core/relays/nip01.ts',
    why: 'platform checks an event with the relays room’s NIP-01 shape test',
  },
  {
    from: 'src/actors/relays/{relay-auth,relay-hub,relay-list.effects}.ts',
    to: 'src/actors/identity/signer.ts',
    why: 'the Signer interface is in identity; relays need it from platform',
  },
  {
    from: 'src/{actors/relays/relay-list.effects,core/relays/relay-permission}.ts',
    to: 'src/core/app/runtime-config.ts',
    why: 'relay permissions and the runtime config’s types are in app',
  },
  {
    from: 'src/core/relays/relay-list.ts',
    to: 'src/core/publish/nip89.ts',
    why: 'a relay list is tagged with the publish room’s NIP-89 client tag',
  },

  // identity's views showing people.
  {
    from: 'src/ui/components/identity/AccountButton.tsx',
    to: 'src/{core/app/route-ids.ts,ui/components/people/ProfileAvatar.tsx}',
    why: 'the account button links to the profile route and shows the people room’s avatar',
  },
  {
    from: 'src/ui/components/identity/AccountName.tsx',
    to: 'src/{core/people/profile.ts,ui/components/people/Avatar.tsx}',
    why: 'the account name is the people room’s display name and avatar',
  },

  // app: the frame of the UI (belongs to the shell) and app-wide helpers that know feed.
  {
    from: 'src/ui/components/app/Overlays.tsx',
    to: 'src/ui/components/{feed/ThreadModal.tsx,feed/use-note-modal.ts,feed/use-thread-modal.ts,lightning/ClearStoredWalletModal.tsx,lightning/ConnectLightningModal.tsx,lightning/SavedConnectionsModal.tsx,lightning/ZapModal.tsx,publish/ReplyModal.tsx,publish/RepostModal.tsx}',
    why: 'mounts every room’s modals: part of the frame, not of the app room',
  },
  {
    from: 'src/ui/components/app/SettingsOverlay.tsx',
    to: 'src/ui/components/{ecash/EcashSection,feed/FiltersSection,lightning/LightningSection,publish/PowSection}.tsx',
    why: 'gathers every room’s settings section: part of the frame, not of the app room',
  },
  {
    from: 'src/ui/components/app/Header.tsx',
    to: 'src/ui/components/notifications/NotificationsSquare.tsx',
    why: 'the header shows the notifications square: part of the frame, not of the app room',
  },
  {
    from: 'src/ui/components/app/PwaPrompts.tsx',
    to: 'src/ui/components/publish/PublishQueueNotice.tsx',
    why: 'the prompts show the publish queue’s notice: part of the frame, not of the app room',
  },
  {
    from: 'src/ui/components/app/InstallPrompt.tsx',
    to: 'src/ui/pwa/install-event.ts',
    why: 'the install prompt reads the install offer kept in the UI entry’s src/ui/pwa',
  },
  {
    from: 'src/ui/components/app/UpdatePrompt.tsx',
    to: 'src/ui/pwa/splash.ts',
    why: 'the update prompt holds the splash screen kept in the UI entry’s src/ui/pwa',
  },
  {
    from: 'src/actors/app/clear-data.ts',
    to: 'src/{actors/ecash/cashu-store,actors/publish/publish-queue-store,core/ecash/cashu-proof-book}.ts',
    why: 'clearing data names the ecash and publish-queue databases and counts unbacked sats',
  },
  {
    from: 'src/actors/app/route-prefetch.ts',
    to: 'src/actors/{feed/thread-queries,people/profile-queries}.ts',
    why: 'prefetching a route’s data knows the feed and people queries',
  },
  {
    from: 'src/core/app/nostr-link.ts',
    to: 'src/core/feed/nip21.ts',
    why: 'a nostr: link is decoded with the feed room’s NIP-21 references',
  },
  {
    from: 'src/core/app/persisted-cache.ts',
    to: 'src/core/feed/feed-window.ts',
    why: 'the persisted cache trims feed pages with the feed window’s rule',
  },

  // people using feed, publish, lightning and ecash.
  {
    from: 'src/actors/people/own-events.ts',
    to: 'src/core/publish/{publish-checks,publish-queue}.ts',
    why: 'publishing the user’s own lists uses the publish room’s checks and texts',
  },
  {
    from: 'src/core/people/{follow,mute-edit}.ts',
    to: 'src/core/publish/{nip89,publish-checks}.ts',
    why: 'editing follows and mutes uses the publish room’s checks and client tag',
  },
  {
    from: 'src/actors/people/profile-notes.ts',
    to: 'src/{actors/feed/feed-queries,actors/feed/repost-resolver,core/feed/feed-entry,core/feed/nip18,core/feed/note-paging}.ts',
    why: 'a person’s notes are paged and resolved as feed rows',
  },
  {
    from: 'src/ui/components/people/ProfileNotes.tsx',
    to: 'src/{core/feed/feed-entry.ts,ui/components/feed/NoteCard.tsx,ui/components/feed/use-engagement-asks.ts}',
    why: 'a person’s notes render as feed rows',
  },
  {
    from: 'src/core/people/mute-set.ts',
    to: 'src/core/{feed/feed-entry,notifications/notifications}.ts',
    why: 'mutes apply to feed rows and notifications (their types)',
  },
  {
    from: 'src/core/people/profile-edit.ts',
    to: 'src/core/lightning/lnurl.ts',
    why: 'a profile’s Lightning fields are checked with the lightning room’s LNURL rules',
  },
  {
    from: 'src/ui/components/people/ProfileHeader.tsx',
    to: 'src/core/lightning/lightning-address.ts',
    why: 'the profile header shows the Lightning address',
  },
  {
    from: 'src/ui/components/people/ProfileActions.tsx',
    to: 'src/ui/components/ecash/NutzapButton.tsx',
    why: 'the profile offers a nutzap',
  },

  // feed reaching publish and lightning.
  {
    from: 'src/{actors/feed/engagement-queries,core/feed/engagement}.ts',
    to: 'src/core/publish/reaction.ts',
    why: 'engagement counts reactions by the publish room’s REACTION_KIND',
  },
  {
    from: 'src/ui/components/feed/NoteActions.tsx',
    to: 'src/{actors/publish/publish.effects.ts,core/publish/publish-checks.ts,ui/components/lightning/zap-action.css,ui/components/lightning/ZapTotal.tsx,ui/components/publish/compose.css,ui/components/publish/QueuedMark.tsx}',
    why: 'a note’s action bar reacts, reposts, zaps and shows queued marks',
  },

  // lightning offering ecash.
  {
    from: 'src/ui/components/lightning/ZapModal.tsx',
    to: 'src/ui/components/ecash/{NutzapChoice,NutzapForm}.tsx',
    why: 'the zap modal offers a nutzap as the other way to pay',
  },
]

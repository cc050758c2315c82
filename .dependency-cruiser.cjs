// What may import what in src (docs/architecture.md). `npm run deps` checks it and `npm test` runs
// that check.
// The tables below are the design; the rules under them are generated from the tables.
// Every import counts: type-only, dynamic import() and re-exports alike (an import('...') inside a
// type, which the parser does not report, is refused by scripts/deps-import-types.ts).

// Rule 1, floors: imports point down. Workers are Comlink entry points that call into core only.
//  floor        may import (its own floor included)
const FLOORS = {
  ui: ['ui', 'actors', 'machines', 'core', 'workers'],
  actors: ['actors', 'machines', 'core', 'workers'],
  machines: ['machines', 'core'],
  core: ['core'],
  workers: ['workers', 'core'],
}

// Rule 2, cycles: none anywhere in src, except these named pairs of files.
//  file                                      <-> file                                      why
const CYCLE_PAIRS = [
  [
    'src/ui/components/feed/NoteContent.tsx',
    'src/ui/components/feed/QuotedNote.tsx',
    'a quoted note renders its content through NoteContent',
  ],
]

// Rule 3, rooms: src/core/<room>, src/actors/<room> and src/ui/components/<room>, in the same order on
// every floor, lowest first. A file in a room may import its own room and the rooms before it (on its
// own floor or a lower one), never a room after it. `kit` (src/ui/components/kit, shared UI pieces) is
// a UI-only room just after platform: it imports platform and nothing else.
const ROOMS = [
  'platform', //   what every room uses; imports no other room
  'kit', //        ui only: modal, toast, toggle, form rows, QR code
  'relays',
  'app',
  'people',
  'identity', //   after people: an account shows as a person (name, avatar)
  'feed',
  'publish',
  'lightning',
  'ecash',
  'notifications',
  'search',
]
const ROOM_FOLDERS = '^src/(core|actors|ui/components)/'
// The shell, outside the rooms: it may import any room and no room may import it. (The UI's other
// loose files, src/ui/system-context.tsx and src/ui/hooks/, are shared hooks that rooms may use.)
const SHELL = [
  '^src/actors/system[.]ts$', // the composition root
  '^src/actors/system/',
  '^src/ui/routes/',
  '^src/ui/shell/',
  '^src/ui/(main[.]tsx|router-context[.]ts|routeTree[.]gen[.]ts)$', // the UI's entry files
  '^src/ui/pwa/',
]

// ---- rules generated from the tables ----------------------------------------------------------

const exact = (path) => `^${path.replace(/[.$]/g, '[$&]')}$`
const inRooms = (rooms) => `${ROOM_FOLDERS}(${rooms.join('|')})/`

const floorRules = Object.entries(FLOORS).map(([floor, mayImport]) => ({
  name: `floors/${floor}`,
  comment: `src/${floor} imports only ${mayImport.map((name) => `src/${name}`).join(', ')}`,
  severity: 'error',
  from: { path: `^src/${floor}/` },
  to: { path: '^src/', pathNot: `^src/(${mayImport.join('|')})/` },
}))

const cycleRule = {
  name: 'no-cycles',
  comment: `no import cycles in src, except ${CYCLE_PAIRS.map(([a, b]) => `${a} <-> ${b}`).join(', ')}`,
  severity: 'error',
  from: { path: '^src/' },
  // A cycle is allowed only when every file in it is one of a named pair.
  to: {
    circular: true,
    via: { pathNot: CYCLE_PAIRS.flatMap(([a, b]) => [exact(a), exact(b)]).join('|') },
  },
}

const roomRules = ROOMS.slice(0, -1).map((room, index) => ({
  name: `rooms/${room}`,
  comment: `room ${room} may not import a later room: ${ROOMS.slice(index + 1).join(', ')}`,
  severity: 'error',
  from: { path: inRooms([room]) },
  to: { path: inRooms(ROOMS.slice(index + 1)) },
}))

const shellRule = {
  name: 'rooms-not-shell',
  comment: 'a room may not import the shell (system.ts, routes, shell, pwa, the UI entry files)',
  severity: 'error',
  from: { path: ROOM_FOLDERS, pathNot: SHELL },
  to: { path: SHELL },
}

// A relative import that resolves to no file would drop out of the graph unseen.
const resolveRule = {
  name: 'resolvable',
  comment: 'every relative import in src resolves to a file',
  severity: 'error',
  from: { path: '^src/' },
  to: { couldNotResolve: true, path: '^[.]' },
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [...floorRules, cycleRule, ...roomRules, shellRule, resolveRule],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]d[.]ts$' },
    // Parsed with swc, not tsc: the project's TypeScript 7 has no JavaScript API that
    // dependency-cruiser can load. swc keeps type-only imports as they are (tsPreCompilationDeps is
    // what tsc would need for that) and sees dynamic import() calls.
    parser: 'swc',
    tsPreCompilationDeps: true,
    // Resolved with tsconfig.json (its paths, through tsconfig-paths; it has none today: imports are
    // relative and carry their .ts/.tsx extension, except the generated route tree's).
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages resolve through their exports, as Vite resolves them.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'browser', 'default'],
      mainFields: ['module', 'main'],
    },
    moduleSystems: ['es6'],
  },
}

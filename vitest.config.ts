import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/unit/**/*.test.tsx',
      'tests/model/**/*.test.ts',
      'tests/peers/**/*.test.ts',
    ],
    environment: 'node',
    // Deadlines for a test that never ends, not measures: with the cores busy beside a full run,
    // single tests doing mint work in-process took up to 40 s (a bench measures speed).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})

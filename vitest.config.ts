import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/tmpdir.ts'],
    // End-to-end tests spawn the CLI and lint large corpus files: allow for a slow CI machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

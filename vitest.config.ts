import { defineConfig } from 'vitest/config';

// Two test speeds (design/PRACTICES.md habit 10): fast node unit tests, and a few
// real-Chromium tests against the built app served on a loopback port.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'data/**/*.test.ts'],
          // Tests that run the CLI or read every built layer take ~1 s alone; on this 2-core machine
          // under load (browsers beside them) they passed 5 s and failed for time alone.
          testTimeout: 20_000,
          // Vitest's default is one worker fewer than the cores: one on this 2-core machine, and the
          // unit files ran one after another (195 s) before the first browser file could start.
          maxWorkers: 2,
          // Each worker keeps its modules from file to file (no file relies on a fresh module: every
          // stubbed global and fake timer is restored; two shuffled file orders pass): 118 s to 89 s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

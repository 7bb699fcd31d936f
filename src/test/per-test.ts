/**
 * What shared test modules put back after every test of every file (src/test/fresh-file.ts
 * runs these). A module shared by the files of a worker (src/test/fake-server.ts) is evaluated
 * once, so a hook it registered itself would only serve the first file: it adds its reset
 * here instead.
 */
export const afterEveryTest: Array<() => unknown> = []

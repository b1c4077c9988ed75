// How big the tests that prove a property of many items (exactly once, in item order, fair between
// accounts) run. Per commit (`npm test`) they run at a size that proves the property: tens of items, enough
// for several rounds of every render slot and for the interleavings the property is about. At full size
// (`npm run test:load`, FOLIO_TEST_LOAD=full) the same files and assertions run with the hundreds of items
// a user's batch has, as a load run before a release. Timings of such runs belong in bench/.
export const FULL_LOAD = process.env.FOLIO_TEST_LOAD === 'full';

/** `perCommit` items in `npm test`, `full` in `npm run test:load`. */
export function loadSize(perCommit: number, full: number): number {
  return FULL_LOAD ? full : perCommit;
}

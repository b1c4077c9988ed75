// How often pdf-lib pauses while it works. It yields to the event loop (a timer) every `parseSpeed` objects
// while parsing and every `objectsPerTick` while writing; its defaults (100, 50) left the 50-page report
// (13,000 objects) idle for ~700 ms, and a 22-page tagged PDF took 40 ms to save instead of 5. PDF work runs
// in the sandbox's worker threads, where only the heartbeats need a turn: every 5,000 objects (~30 ms of
// work) lets them through.
export const OBJECTS_PER_TICK = 5000;

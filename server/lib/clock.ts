// The time services see: a function rather than Date.now so tests move it instead of faking
// timers, passed down from buildApp to every module that decides by time.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * Long computations written once as generators, each `yield` a point where they may pause: run to
 * the end at once (tests, the bench), or in slices that let the event loop turn in between. At the
 * largest configuration the bot allows, training takes seconds (npm run bench:bot -- --max); in
 * one piece it would stall every request and consumer of the inbox process meanwhile.
 */

export type Steps<T> = Generator<void, T, void>;

export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How long a slice runs before the event loop gets a turn: short next to a request's budget. */
export const SLICE_MS = 10;

export async function runStepsInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

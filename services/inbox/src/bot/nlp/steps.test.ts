import { trainClassifier, trainClassifierInSlices } from './classifier';
import { loadDataset } from './dataset';
import { runSteps, runStepsInSlices, type Steps } from './steps';

function* count(to: number, seen: number[]): Steps<number> {
  for (let i = 1; i <= to; i++) {
    seen.push(i);
    yield;
  }
  return to;
}

describe('steps', () => {
  it('run to the end at once', () => {
    const seen: number[] = [];
    expect(runSteps(count(3, seen))).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('run in slices, letting the event loop turn in between', async () => {
    const seen: number[] = [];
    let stepsWhenTheLoopTurned: number | null = null;
    const done = runStepsInSlices(count(100, seen), 0);
    setImmediate(() => (stepsWhenTheLoopTurned = seen.length));
    expect(await done).toBe(100);
    expect(stepsWhenTheLoopTurned).toBeGreaterThan(0);
    expect(stepsWhenTheLoopTurned).toBeLessThan(100);
  });
});

describe('training in slices', () => {
  it('trains the same model as training at once', async () => {
    const { messages } = loadDataset();
    const examples = messages
      .filter((m) => m.split === 'train')
      .slice(0, 120)
      .map((m) => ({ label: m.intent, text: m.text }));
    const atOnce = trainClassifier(examples);
    let turned = false;
    const sliced = trainClassifierInSlices(examples, 0);
    setImmediate(() => (turned = true));
    const inSlices = await sliced;
    expect(turned).toBe(true);
    for (const m of messages.filter((m) => m.split === 'test').slice(0, 30))
      expect(inSlices.rank(m.text)).toEqual(atOnce.rank(m.text));
  });
});

import { QUEUES } from '@inbox/contracts';
import type { EventBus } from '@inbox/platform';
import { watchSendConsumers, type SendConsumers } from './send-consumers';

const until = async (done: () => boolean) => {
  for (const deadline = Date.now() + 5_000; !done() && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('watchSendConsumers', () => {
  it("reads the send queue's consumers again and again, keeps the last count while the broker cannot say, never below 1", async () => {
    const answers: (number | undefined)[] = [3, undefined, 0, 2];
    const asked: string[] = [];
    /** count() when each read began: the previous read's result. */
    const before: number[] = [];
    const watching: { consumers?: SendConsumers } = {};
    const bus = {
      consumerCount: async (queue: string) => {
        asked.push(queue);
        before.push(watching.consumers?.count() ?? 1);
        return answers.length > 0 ? answers.shift() : 2;
      },
    } as unknown as EventBus;
    const consumers = (watching.consumers = watchSendConsumers(bus, 5));
    try {
      await until(() => before.length >= 5);
      expect(before.slice(0, 5)).toEqual([1, 3, 3, 1, 2]);
      expect(new Set(asked)).toEqual(new Set([QUEUES.campaignsSend]));
    } finally {
      consumers.stop();
    }
  });

  it('counts 1 with a bus of one process', async () => {
    const consumers = watchSendConsumers({} as EventBus, 5);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(consumers.count()).toBe(1);
    consumers.stop();
  });
});
